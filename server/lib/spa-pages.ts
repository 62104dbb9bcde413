import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RuntimeConfig } from '../../contract/session';
import { RUNTIME_CONFIG_ELEMENT_ID } from '../../contract/spa-build';
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
  if (!html.includes('</head>'))
    throw new Error('The SPA page has no </head> to write its configuration into.');
  const json = JSON.stringify(runtimeConfig).replace(/</g, '\\u003c');
  const element = `<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">${json}</script>`;
  return html.replace('</head>', `${element}</head>`);
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

/** Sends the page in the encoding the browser accepts (brotli, then gzip, else plain), revalidated on every load. */
export function sendSpaPage(request: FastifyRequest, reply: FastifyReply, page: SpaPage) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding')
    .type('text/html; charset=utf-8');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(page.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.html);
}
