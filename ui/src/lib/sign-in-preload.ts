/*
 * The code a signed-in user needs first (the shell, the dashboard, the full theme) starts
 * downloading the moment LOGIN is pressed, alongside the sign-in request, instead of after it.
 * The app layer registers what to load (src/app/routes.tsx); the login feature only says "now".
 */

let preload: (() => Promise<unknown>) | null = null

export function setSignInPreload(load: () => Promise<unknown>): void {
  preload = load
}

/** Starts the downloads; failures are ignored here (the pages load, and report, them again). */
export function preloadSignedInCode(): void {
  preload?.().catch(() => undefined)
}
