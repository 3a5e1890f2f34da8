import { useEffect, useRef } from 'react'

/**
 * While `active`, follows the pointer over the whole window (so a drag may leave the element it
 * started on) and reports moves and the release.
 */
export function usePointerDrag(active: boolean, onMove: (e: PointerEvent) => void, onUp: (e: PointerEvent) => void) {
  const handlers = useRef({ onMove, onUp })
  useEffect(() => {
    handlers.current = { onMove, onUp }
  })
  useEffect(() => {
    if (!active) return
    const move = (e: PointerEvent) => handlers.current.onMove(e)
    const up = (e: PointerEvent) => handlers.current.onUp(e)
    window.addEventListener('pointermove', move)
    window.addEventListener('pointerup', up)
    window.addEventListener('pointercancel', up)
    return () => {
      window.removeEventListener('pointermove', move)
      window.removeEventListener('pointerup', up)
      window.removeEventListener('pointercancel', up)
    }
  }, [active])
}
