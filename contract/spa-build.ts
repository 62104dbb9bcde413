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
 * The framed pages that start with the signed-in user's card (Profile's name, role, e-mail...): the build paints a
 * second frame of each (`frameWithCardHtml`) with the card's texts as slots (`cardSlot`), which the server fills, HTML
 * escaped, for a request with a session, so the card paints from the HTML too.
 */
export const FRAMES_WITH_CARD = ['Profile'] as const satisfies readonly FramedPage[];

/** The file of a page's frame with the user's card in slots: `frame-profile-card.html`. */
export const frameWithCardHtml = (page: FramedPage) => `frame-${page.toLowerCase()}-card.html`;

/** The slot of one text of the user's card, as the build writes it: plain ASCII, which HTML leaves as it is. */
export const cardSlot = (field: string) => `{{beacon-card:${field}}}`;

/** Where a slot of the card stands in a frame's HTML; its field is the first group. */
export const CARD_SLOT = /\{\{beacon-card:([a-zA-Z]+)\}\}/g;

/**
 * The `id` of the `<script type="application/json">` element in which the server writes the SPA's runtime
 * configuration (the answer of GET /api/config) into every page it sends, so the SPA has it without a round trip.
 */
export const RUNTIME_CONFIG_ELEMENT_ID = 'beacon-runtime-config';

/**
 * The `id` of the `<script type="application/json">` element in which the server writes the signed-in user (the
 * answer of GET /api/auth/me?include_flags=true) into a signed-in page it sends to a request with a session, so the
 * SPA's first check of the session needs no round trip.
 */
export const IDENTITY_ELEMENT_ID = 'beacon-identity';

/**
 * The `id` of the `<script type="application/json">` element in which the build names the app's chunks (the
 * addresses dist/index.html preloads) in a signed-in page's frame, which starts the app only after its first paint:
 * the app preloads them all at once as it starts, then evaluates them a task apart (src/main.tsx).
 */
export const APP_CHUNKS_ELEMENT_ID = 'beacon-app-chunks';
