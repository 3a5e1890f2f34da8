import { act, fireEvent, screen } from '@testing-library/react'
import { createStore } from 'jotai'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { onlineAtom } from '@/lib/online'
import { updateReadyAtom } from '@/lib/pwa'
import { renderWithProviders } from '@/testing/render'

import { PwaBridge } from './pwa-bridge'

function renderBridge(store = createStore()) {
  renderWithProviders(
    <MemoryRouter>
      <PwaBridge />
    </MemoryRouter>,
    store,
  )
  return store
}

describe('PwaBridge', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('announces a waiting version and applies it only on Reload', () => {
    const store = renderBridge()
    expect(screen.queryByTestId('update-banner')).toBeNull()
    const apply = vi.fn()
    act(() => store.set(updateReadyAtom, () => apply))
    expect(screen.getByTestId('update-banner')).toHaveTextContent('A new version is available.')
    expect(apply).not.toHaveBeenCalled()
    fireEvent.click(screen.getByTestId('update-reload'))
    expect(apply).toHaveBeenCalledTimes(1)
  })

  it('says so while the browser is offline', () => {
    const online = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false)
    const store = renderBridge()
    expect(store.get(onlineAtom)).toBe(false)
    expect(screen.getByTestId('offline-banner')).toHaveTextContent('You are offline')
    online.mockReturnValue(true)
    act(() => {
      window.dispatchEvent(new Event('online'))
    })
    expect(screen.queryByTestId('offline-banner')).toBeNull()
  })
})
