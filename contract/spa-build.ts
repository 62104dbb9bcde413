/**
 * The built SPA's files that the server treats specially. `landing.html` is the landing page rendered at build
 * time (scripts/vite/prerender-landing.ts); the server sends it for `/` and `/Landing`.
 */
export const LANDING_HTML = 'landing.html';

/**
 * The signed-in pages whose frame the build paints (scripts/vite/preload-signed-in.ts): dist/index.html with the
 * header and the page's heading painted in its root, 'Loading…' in the page's place, one file per page
 * (`frameHtml`), so the header marks the page and its static heading paints with the HTML. The server sends it for
 * the page's address, by its last segment in any case.
 */
export const FRAMED_PAGES = ['Profile', 'Billing', 'Settings', 'Onboarding'] as const;
export type FramedPage = (typeof FRAMED_PAGES)[number];

/** The file of a page's frame: `frame-billing.html`. */
export const frameHtml = (page: FramedPage) => `frame-${page.toLowerCase()}.html`;

/**
 * The `id` of the `<script type="application/json">` element in which the server writes the SPA's runtime
 * configuration (the answer of GET /api/config) into every page it sends, so the SPA has it without a round trip.
 */
export const RUNTIME_CONFIG_ELEMENT_ID = 'beacon-runtime-config';
