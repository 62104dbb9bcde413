/**
 * The built SPA's files that the server treats specially. `landing.html` is the landing page rendered at build
 * time (scripts/vite/prerender-landing.ts); the server sends it for `/` and `/Landing`.
 */
export const LANDING_HTML = 'landing.html';
