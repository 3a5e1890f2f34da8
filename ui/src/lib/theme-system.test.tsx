import { act, render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { describe, expect, it } from 'vitest'

import { fullSystem } from '@/config/theme-full'

import { getThemeSystem, lazyPage } from './theme-system'

function Page() {
  return <p>the page</p>
}

/** A page module that arrives when the test says so. */
function deferredModule() {
  let arrive: () => void = () => undefined
  const module = new Promise<{ default: typeof Page }>((resolve) => {
    arrive = () => resolve({ default: Page })
  })
  return { load: () => module, arrive: () => arrive() }
}

function shown(page: ReturnType<typeof lazyPage<typeof Page>>) {
  const Shown = page
  return render(
    <Suspense fallback={<p>loading</p>}>
      <Shown />
    </Suspense>,
  )
}

describe('lazyPage', () => {
  it('renders a preloaded page at once, without suspending (no fallback, no 300 ms reveal throttle)', async () => {
    const { load, arrive } = deferredModule()
    const page = lazyPage(load)
    const preloaded = page.preload()
    arrive()
    await preloaded
    expect(getThemeSystem()).toBe(fullSystem)
    shown(page)
    // The first commit already holds the page: nothing suspended.
    expect(screen.getByText('the page')).toBeInTheDocument()
    expect(screen.queryByText('loading')).toBeNull()
  })

  it('suspends until the code arrives when it was not preloaded, and loads it once', async () => {
    let loads = 0
    const { load, arrive } = deferredModule()
    const page = lazyPage(() => {
      loads += 1
      return load()
    })
    shown(page)
    expect(screen.getByText('loading')).toBeInTheDocument()
    const again = page.preload() // the LOGIN click's preload while the page is already on its way
    await act(async () => {
      arrive()
      await again
    })
    expect(await screen.findByText('the page')).toBeInTheDocument()
    expect(loads).toBe(1)
  })

  it('tries again after a failed download', async () => {
    let attempts = 0
    const page = lazyPage(() => {
      attempts += 1
      return attempts === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ default: Page })
    })
    await expect(page.preload()).rejects.toThrow('offline')
    await expect(page.preload()).resolves.toEqual({ default: Page })
    expect(attempts).toBe(2)
  })
})
