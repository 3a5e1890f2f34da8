/**
 * Idle detection for presence (spec: away after a period of inactivity). The user is idle after
 * `timeoutMs` without pointer or keyboard activity (a hidden tab sees none, so it goes idle too);
 * the first activity after that makes them active again. `onChange` hears each switch once.
 */
export const IDLE_TIMEOUT_MS = 5 * 60_000

export interface IdleDetector {
  /** Pointer, keyboard or focus activity (cheap: call it on every event). */
  activity(): void
  isIdle(): boolean
  stop(): void
}

export interface IdleDetectorOptions {
  timeoutMs?: number
  onChange: (idle: boolean) => void
  now?: () => number
}

export function createIdleDetector({ timeoutMs = IDLE_TIMEOUT_MS, onChange, now = Date.now }: IdleDetectorOptions): IdleDetector {
  let last = now()
  let idle = false
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined

  // One timer at a time, aimed at `last + timeout`; activity only moves `last`, and the timer
  // re-aims itself when it fires early (so a stream of pointer moves costs nothing).
  function arm(delay: number): void {
    clearTimeout(timer)
    timer = setTimeout(check, Math.max(0, delay))
  }

  function check(): void {
    timer = undefined
    if (stopped || idle) return
    const elapsed = now() - last
    if (elapsed >= timeoutMs) {
      idle = true
      onChange(true)
    } else {
      arm(timeoutMs - elapsed)
    }
  }

  arm(timeoutMs)

  return {
    activity() {
      if (stopped) return
      last = now()
      if (idle) {
        idle = false
        onChange(false)
        arm(timeoutMs)
      } else if (timer === undefined) {
        arm(timeoutMs)
      }
    },
    isIdle: () => idle,
    stop() {
      stopped = true
      clearTimeout(timer)
    },
  }
}

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'focus'] as const

/** Wires a detector to the document's activity events; returns the function that stops it. */
export function watchIdle(onChange: (idle: boolean) => void, timeoutMs = IDLE_TIMEOUT_MS): { detector: IdleDetector; stop: () => void } {
  const detector = createIdleDetector({ timeoutMs, onChange })
  const onActivity = () => detector.activity()
  const onVisibility = () => {
    if (document.visibilityState === 'visible') detector.activity()
  }
  for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true, capture: true })
  document.addEventListener('visibilitychange', onVisibility)
  return {
    detector,
    stop() {
      detector.stop()
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true })
      document.removeEventListener('visibilitychange', onVisibility)
    },
  }
}
