import { createStore } from 'jotai'

import { api } from '@/data/client'
import { guestUser, userAtom } from '@/lib/auth'

/** The app's one jotai store (module scope so non-React code, like the API client, can reach it). */
export const store = createStore()

// When the session cannot be refreshed the API client clears it; the user becomes a guest
// and the route guard sends them to /login, remembering the page they were on.
api.setUnauthorizedHandler(() => store.set(userAtom, guestUser))
