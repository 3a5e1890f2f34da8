import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { createIdleDetector, watchIdle } from './idle'

describe('idle detector', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('goes idle after the timeout without activity, once', () => {
    const onChange = vi.fn()
    createIdleDetector({ timeoutMs: 1000, onChange })
    vi.advanceTimersByTime(999)
    expect(onChange).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(onChange).toHaveBeenCalledExactlyOnceWith(true)
    vi.advanceTimersByTime(10_000)
    expect(onChange).toHaveBeenCalledTimes(1)
  })

  it('activity postpones idleness and ends it', () => {
    const onChange = vi.fn()
    const detector = createIdleDetector({ timeoutMs: 1000, onChange })
    vi.advanceTimersByTime(800)
    detector.activity()
    vi.advanceTimersByTime(800)
    detector.activity()
    vi.advanceTimersByTime(999)
    expect(onChange).not.toHaveBeenCalled()
    expect(detector.isIdle()).toBe(false)
    vi.advanceTimersByTime(1)
    expect(detector.isIdle()).toBe(true)
    detector.activity()
    detector.activity()
    expect(onChange.mock.calls).toEqual([[true], [false]])
    vi.advanceTimersByTime(1000)
    expect(onChange.mock.calls).toEqual([[true], [false], [true]])
  })

  it('says nothing after stop', () => {
    const onChange = vi.fn()
    const detector = createIdleDetector({ timeoutMs: 1000, onChange })
    detector.stop()
    vi.advanceTimersByTime(5000)
    detector.activity()
    expect(onChange).not.toHaveBeenCalled()
  })

  it('listens to keyboard and pointer events on the page', () => {
    const onChange = vi.fn()
    const { stop } = watchIdle(onChange, 1000)
    vi.advanceTimersByTime(1000)
    expect(onChange).toHaveBeenLastCalledWith(true)
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }))
    expect(onChange).toHaveBeenLastCalledWith(false)
    stop()
    vi.advanceTimersByTime(5000)
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }))
    expect(onChange).toHaveBeenCalledTimes(2)
  })
})
