import { describe, expect, it } from 'vitest'

import { applySettingsPatch, DEFAULT_SETTINGS, LAYOUTS, mergeSettings } from './settings'

describe('settings merge', () => {
  it('gives the defaults for nothing saved: layout1, dark theme, LTR', () => {
    expect(mergeSettings(undefined)).toEqual(DEFAULT_SETTINGS)
    expect(mergeSettings({})).toEqual(DEFAULT_SETTINGS)
    expect(DEFAULT_SETTINGS.layout.style).toBe('layout1')
    expect(DEFAULT_SETTINGS.theme).toEqual({ main: 'dark', navbar: 'dark', toolbar: 'dark', footer: 'dark' })
    expect(DEFAULT_SETTINGS.direction).toBe('ltr')
  })

  it('takes each valid saved value and keeps the defaults for the rest', () => {
    const merged = mergeSettings({
      layout: { style: 'layout1', config: { navbar: { folded: true }, mode: 'boxed' } },
      theme: { navbar: 'midnight', toolbar: 'no-such-theme' },
      direction: 'rtl',
      animations: false,
      customScrollbars: 'yes',
      somethingElse: 1,
    })
    expect(merged.layout.config.navbar).toEqual({ display: true, folded: true, position: 'left' })
    expect(merged.layout.config.mode).toBe('boxed')
    expect(merged.layout.config.toolbar).toEqual(LAYOUTS.layout1.defaults.toolbar)
    expect(merged.theme).toEqual({ main: 'dark', navbar: 'midnight', toolbar: 'dark', footer: 'dark' })
    expect(merged.direction).toBe('rtl')
    expect(merged.animations).toBe(false)
    expect(merged.customScrollbars).toBe(true)
    expect(merged).not.toHaveProperty('somethingElse')
  })

  it("uses the saved style's defaults and refuses options the style lacks", () => {
    const merged = mergeSettings({ layout: { style: 'layout3', config: { mode: 'container' } } })
    expect(merged.layout.style).toBe('layout3')
    expect(merged.layout.config.mode).toBe('boxed') // layout3 offers fullwidth and boxed only
    expect(mergeSettings({ layout: { style: 'layout9' } }).layout.style).toBe('layout1')
  })

  it('survives garbage', () => {
    for (const raw of [null, 3, 'x', [], { layout: 'x', theme: [] }, { layout: { config: { navbar: 'y' } } }]) {
      expect(mergeSettings(raw)).toEqual(DEFAULT_SETTINGS)
    }
  })
})

describe('the navigation\'s Template entry', () => {
  it('is collapsed by default and each user\'s choice is kept', () => {
    expect(DEFAULT_SETTINGS.navigation.templateOpen).toBe(false)
    expect(mergeSettings({ navigation: { templateOpen: true } }).navigation.templateOpen).toBe(true)
    expect(mergeSettings({ navigation: { templateOpen: 'yes' } }).navigation.templateOpen).toBe(false)
    const opened = applySettingsPatch(DEFAULT_SETTINGS, { navigation: { templateOpen: true } })
    expect(opened.navigation.templateOpen).toBe(true)
    expect(applySettingsPatch(opened, { animations: false }).navigation.templateOpen).toBe(true)
  })
})

describe('settings panel changes', () => {
  it('merges nested changes', () => {
    const next = applySettingsPatch(DEFAULT_SETTINGS, { layout: { config: { navbar: { position: 'right' } } } })
    expect(next.layout.config.navbar).toEqual({ display: true, folded: false, position: 'right' })
    expect(next.layout.config.toolbar).toEqual(DEFAULT_SETTINGS.layout.config.toolbar)
    const themed = applySettingsPatch(next, { theme: { footer: 'light' }, direction: 'rtl' })
    expect(themed.theme.footer).toBe('light')
    expect(themed.layout.config.navbar.position).toBe('right')
    expect(themed.direction).toBe('rtl')
  })

  it('starts a newly chosen layout style from its defaults', () => {
    const folded = applySettingsPatch(DEFAULT_SETTINGS, { layout: { config: { navbar: { folded: true } } } })
    const layout2 = applySettingsPatch(folded, { layout: { style: 'layout2' } })
    expect(layout2.layout).toEqual({ style: 'layout2', config: LAYOUTS.layout2.defaults })
    expect(layout2.theme).toEqual(folded.theme)
  })
})
