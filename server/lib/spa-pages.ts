import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { escapeHtml } from '../../contract/html';
import { type ProfileCardText, profileCardText } from '../../contract/profile-card';
import type { RuntimeConfig } from '../../contract/session';
import { CARD_SLOT, IDENTITY_ELEMENT_ID, RUNTIME_CONFIG_ELEMENT_ID } from '../../contract/spa-build';
import { currentUserSchema } from '../../contract/user';
import type { Config } from '../config';

/** What GET /api/config answers, and what every page of the SPA carries inside it. */
export function runtimeConfigOf(config: Pick<Config, 'supabase' | 'dashboardUrl'>): RuntimeConfig {
  return {
    supabaseUrl: config.supabase.url,
    supabaseAnonKey: config.supabase.anonKey,
    dashboardUrl: config.dashboardUrl,
  };
}

/**
 * The page with the runtime configuration written into its head, as a data block (`type="application/json"`: never
 * run, so the Content-Security-Policy's `script-src 'self'` holds). `<` is escaped so no value can end the element.
 */
export function withRuntimeConfig(html: string, runtimeConfig: RuntimeConfig): string {
  return withDataBlock(html, RUNTIME_CONFIG_ELEMENT_ID, runtimeConfig);
}

/**
 * A signed-in page for the user whose session the request holds: the identity call's answer written into its head
 * as a data block (the SPA's first check of the session reads it instead of asking), and the user's card texts into
 * the card's slots of the frame (`CARD_SLOT`), HTML-escaped, so the card paints from the HTML. Per user: never
 * cached (`sendUserPage`).
 */
export function withSignedInUser(html: string, identity: object): string {
  let card: ProfileCardText | undefined;
  // The frame's slots first, then the data block: filled afterwards, a slot's text the user typed into a field (bio:
  // `{{beacon-card:name}}`) would be filled inside the block too, and a name ending in `\` would break its JSON.
  const withCard = html.replace(CARD_SLOT, (slot, field: string) => {
    card ??= cardOf(identity);
    if (!(field in card)) throw new Error(`The frame has a slot for an unknown card text: ${slot}`);
    return escapeHtml(card[field as keyof ProfileCardText]);
  });
  return withDataBlock(withCard, IDENTITY_ELEMENT_ID, identity);
}

/** The card read from the identity answer as the SPA reads it: the same defaults (settings, role). */
function cardOf(identity: object): ProfileCardText {
  const user = v.parse(currentUserSchema, identity);
  return profileCardText(user, user.settings);
}

/**
 * `<` is escaped so that no value can end the element: a data block is never run, whatever it holds. U+2028 and
 * U+2029 too, which JSON takes but a JavaScript string literal did not, should the block ever be read as script.
 */
function withDataBlock(html: string, id: string, data: unknown): string {
  if (!html.includes('</head>')) throw new Error(`The SPA page has no </head> to write ${id} into.`);
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  const element = `<script type="application/json" id="${id}">${json}</script>`;
  return html.replace('</head>', () => `${element}</head>`);
}

/** A page of the built SPA as the server sends it: its HTML and the compressed twins, made once at start. */
export interface SpaPage {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

export function loadSpaPage(file: string, runtimeConfig: RuntimeConfig): SpaPage {
  const html = withRuntimeConfig(readFileSync(file, 'utf8'), runtimeConfig);
  return {
    html,
    br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(html, { level: 9 }),
  };
}

/**
 * Sends the page in the encoding the browser accepts (brotli, then gzip, else plain), revalidated on every load.
 * `byCookie`: the page is one a session would have made differently (`sendUserPage`), so a cache keys it by cookie.
 */
export function sendSpaPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: SpaPage,
  options: { byCookie?: boolean } = {},
) {
  reply
    .header('cache-control', 'no-cache')
    .header('vary', options.byCookie ? 'accept-encoding, cookie' : 'accept-encoding')
    .type('text/html; charset=utf-8');
  const encoding = acceptedEncoding(request);
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(page.br);
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.html);
}

/** A page made for one user (`withSignedInUser`): compressed for this answer only, and stored by no cache. */
export function sendUserPage(request: FastifyRequest, reply: FastifyReply, html: string) {
  reply
    .header('cache-control', 'no-store')
    .header('vary', 'accept-encoding, cookie')
    .type('text/html; charset=utf-8');
  const encoding = acceptedEncoding(request);
  // A quick brotli level: the page is a few kilobytes, compressed on every request.
  if (encoding === 'br')
    return reply
      .header('content-encoding', 'br')
      .send(brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(gzipSync(html));
  return reply.send(html);
}

/** Brotli, then gzip, when the browser names it without refusing it (`br;q=0`); else none. */
function acceptedEncoding(request: FastifyRequest): 'br' | 'gzip' | null {
  const accepted = new Set(
    String(request.headers['accept-encoding'] ?? '')
      .split(',')
      .map((entry) => entry.split(';'))
      .filter(
        ([, ...parameters]) => !parameters.some((parameter) => /^\s*q\s*=\s*0(\.0*)?\s*$/i.test(parameter)),
      )
      .map(([name]) => name?.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}
