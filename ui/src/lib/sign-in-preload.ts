/*
 * The code a signed-in user needs first (the shell, the dashboard, the full theme) starts
 * downloading the moment LOGIN is pressed, alongside the sign-in request, instead of after it; the
 * first page's data is asked for the moment the tokens arrive, alongside /me, instead of after the
 * page's code. The app layer registers what to load (src/app/routes.tsx); the login feature only
 * says "now".
 */

let preload: (() => Promise<unknown>) | null = null
let prefetchData: (() => void) | null = null

export function setSignInPreload(load: () => Promise<unknown>): void {
  preload = load
}

/** Starts the downloads; failures are ignored here (the pages load, and report, them again). */
export function preloadSignedInCode(): void {
  preload?.().catch(() => undefined)
}

export function setSignedInPrefetch(load: () => void): void {
  prefetchData = load
}

/** Asks for the first page's data (the session's tokens are saved by now). */
export function prefetchSignedInData(): void {
  prefetchData?.()
}
