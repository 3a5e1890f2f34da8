import { useEffect, useRef } from 'react'

import type { CalendarEvent } from '../api'

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

/** Whether a press on an event has become a drag: it had already, or the pointer went more than 4 px from where it started. */
export const dragged = (d: { moved: boolean; x: number; y: number }, e: PointerEvent) => d.moved || Math.abs(e.clientX - d.x) > 4 || Math.abs(e.clientY - d.y) > 4

/** The release of an event that was pressed: a click opens it; a drag that changed its times saves the new ones. */
export function dropEvent(d: { moved: boolean; event: CalendarEvent }, next: CalendarEvent | null, onOpen: (event: CalendarEvent) => void, onChange: (event: CalendarEvent) => void) {
  if (!d.moved) onOpen(d.event)
  else if (next && (next.start !== d.event.start || next.end !== d.event.end)) onChange(next)
}
