/**
 * The built SPA's files that the server treats specially. `landing.html` is the landing page rendered at build
 * time (scripts/vite/prerender-landing.ts); the server sends it for `/` and `/Landing`.
 */
export const LANDING_HTML = 'landing.html';

/**
 * dist/index.html with the signed-in pages' frame painted in its root (the header, 'Loading…' in the page's place),
 * rendered at build time (scripts/vite/preload-signed-in.ts); the server sends it for the signed-in pages.
 */
export const FRAME_HTML = 'frame.html';

/**
 * The `id` of the `<script type="application/json">` element in which the server writes the SPA's runtime
 * configuration (the answer of GET /api/config) into every page it sends, so the SPA has it without a round trip.
 */
export const RUNTIME_CONFIG_ELEMENT_ID = 'beacon-runtime-config';
