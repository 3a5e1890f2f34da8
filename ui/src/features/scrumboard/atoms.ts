import { atom } from 'jotai'

import type { Board, BoardSummary, Card } from './api'

export const boardsAtom = atom<BoardSummary[] | null>(null)
/** The open board, as the server last answered it (with local changes laid in as they are saved). */
export const boardAtom = atom<Board | null>(null)
export const openCardIdAtom = atom<string | null>(null)

/** Replace one card of the open board. */
export const replaceCardAtom = atom(null, (get, set, card: Card) => {
  const board = get(boardAtom)
  if (board) set(boardAtom, { ...board, cards: board.cards.map((c) => (c.id === card.id ? card : c)) })
})
