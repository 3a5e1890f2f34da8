/** The scrumboard sample area's calls (app/samples/scrumboard.py, /api/scrumboard-app). */
import { api } from '@/data/client'

const BASE = '/api/scrumboard-app'

export interface Member {
  id: string
  name: string
  avatar: string
  /** The portal user this member is, when picked from the staff directory. */
  userId?: number
}

export interface BoardLabel {
  id: string
  name: string
  class: string
}

export interface BoardSettings {
  color: string
  subscribed: boolean
  cardCoverImages: boolean
}

export interface Attachment {
  id: string
  name: string
  type: 'image' | 'link'
  src?: string
  url?: string
  time: string | number
}

export interface CheckItem {
  id: string | number
  name: string
  checked: boolean
}

export interface Checklist {
  id: string | number
  name: string
  checkItems: CheckItem[]
}

export interface Activity {
  id: string | number
  type: 'comment' | 'attachment'
  idMember: string
  message: string
  time: string | number
  /** Who wrote it, when that is a portal user rather than a board member. */
  memberName?: string
}

export interface Card {
  id: string
  name: string
  description: string
  idAttachmentCover: string
  idMembers: string[]
  idLabels: string[]
  attachments: Attachment[]
  subscribed: boolean
  checklists: Checklist[]
  activities: Activity[]
  due: string | null
}

export interface BoardList {
  id: string
  name: string
  idCards: string[]
}

export interface Board {
  id: string
  name: string
  uri: string
  settings: BoardSettings
  lists: BoardList[]
  cards: Card[]
  members: Member[]
  labels: BoardLabel[]
}

export type BoardSummary = Pick<Board, 'id' | 'name' | 'uri'>

export const getBoards = (signal?: AbortSignal) => api.get<BoardSummary[]>(`${BASE}/boards`, { signal })
export const getBoard = (boardId: string, signal?: AbortSignal) => api.get<Board>(`${BASE}/board`, { query: { boardId }, signal })
export const newBoard = (board: Board) => api.post<BoardSummary>(`${BASE}/board/new`, { board })
export const renameBoard = (boardId: string, boardTitle: string) => api.post<string>(`${BASE}/board/rename`, { boardId, boardTitle })
export const updateSettings = (boardId: string, settings: BoardSettings) =>
  api.post<BoardSettings>(`${BASE}/board/settings/update`, { boardId, settings })
/** Copies the board (lists, cards, labels, members); answers the copy. */
export const copyBoard = (boardId: string, boardTitle?: string) => api.post<BoardSummary>(`${BASE}/board/copy`, { boardId, boardTitle })
/** Adds a member from the staff directory; answers the board's members. */
export const addMember = (boardId: string, userId: number) => api.post<Member[]>(`${BASE}/board/member/add`, { boardId, userId })
export const removeMember = (boardId: string, memberId: string) => api.post<Member[]>(`${BASE}/board/member/remove`, { boardId, memberId })
/** Label calls answer the board's labels. */
export const newLabel = (boardId: string, data: BoardLabel) => api.post<BoardLabel[]>(`${BASE}/label/new`, { boardId, data })
export const updateLabel = (boardId: string, label: BoardLabel) => api.post<BoardLabel[]>(`${BASE}/label/update`, { boardId, label })
export const removeLabel = (boardId: string, labelId: string) => api.post<BoardLabel[]>(`${BASE}/label/remove`, { boardId, labelId })
export const deleteBoard = (boardId: string) => api.post<boolean>(`${BASE}/board/delete`, { boardId })

/** Adds the card at the end of the list; answers the whole board. */
export const newCard = (boardId: string, listId: string, data: Card) => api.post<Board>(`${BASE}/card/new`, { boardId, listId, data })
/** Answers the card as stored. */
export const updateCard = (boardId: string, card: Card) => api.post<Card>(`${BASE}/card/update`, { boardId, card })
export const removeCard = (boardId: string, cardId: string) => api.post<string>(`${BASE}/card/remove`, { boardId, cardId })
/** Card moves and list moves both send the lists in their new order (with their cards in theirs). */
export const orderCards = (boardId: string, lists: BoardList[]) => api.post<BoardList[]>(`${BASE}/card/order`, { boardId, lists })
export const orderLists = (boardId: string, lists: BoardList[]) => api.post<BoardList[]>(`${BASE}/list/order`, { boardId, lists })

export const newList = (boardId: string, data: BoardList) => api.post<BoardList[]>(`${BASE}/list/new`, { boardId, data })
export const renameList = (boardId: string, listId: string, listTitle: string) =>
  api.post<string>(`${BASE}/list/rename`, { boardId, listId, listTitle })
export const removeList = (boardId: string, listId: string) => api.post<boolean>(`${BASE}/list/remove`, { boardId, listId })
