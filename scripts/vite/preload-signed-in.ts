import type { Plugin } from 'vite';
import {
  APP_CHUNKS_ELEMENT_ID,
  FRAMED_PAGES,
  FRAMES_WITH_CARD,
  frameHtml,
  frameWithCardHtml,
} from '../../contract/spa-build.ts';
import { withInlineStyles } from './prerender-landing.ts';

const EMPTY_ROOT = '<div id="root"></div>';

/** What `viteMetadata` adds to a chunk of the bundle: the stylesheets its modules import. */
interface ChunkWithCss {
  type: 'chunk';
  name: string;
  fileName: string;
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * Every page but the landing page starts from dist/index.html with an empty root: its code came in waves, the entry
 * first, then what the entry imports on demand, then what that imports. This writes the chunks of `names` (the
 * signed-in frame and pages, the flows and services, the UI kit: chunk groups of vite.config.ts) into index.html as
 * `modulepreload`s, with their stylesheets in the order of `names` (the cascade's), so the page's whole code arrives
 * in one wave beside the entry. The
 * prerendered landing page is made from index.html before this runs (scripts/vite/prerender-landing.ts), so it
 * stays as it was. It writes each signed-in page's frame file too (`frameHtml`, and `frameWithCardHtml`): the same
 * page with the frame that the prerender rendered at that page's address.
 */
export function preloadChunks(
  names: readonly string[],
  signedInFrames: () => ReadonlyMap<string, string> | null,
): Plugin {
  let base = '/';
  return {
    name: 'beacon:preload-signed-in',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      base = config.base;
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset') return this.error('the build wrote no index.html');
        const chunks = Object.values(bundle)
          .filter(
            (file): file is typeof file & ChunkWithCss => file.type === 'chunk' && names.includes(file.name),
          )
          .sort((a, b) => names.indexOf(a.name) - names.indexOf(b.name));
        const missing = names.filter((name) => !chunks.some((chunk) => chunk.name === name));
        if (missing.length > 0) this.error(`no chunk named ${missing.join(', ')} to preload`);
        const styles = chunks.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]);
        const links = [
          ...[...new Set(styles)].map((file) => `<link rel="stylesheet" crossorigin href="${base}${file}">`),
          ...chunks.map((chunk) => `<link rel="modulepreload" crossorigin href="${base}${chunk.fileName}">`),
        ];
        const page = String(index.source).replace(
          '  </head>',
          `${links.map((link) => `    ${link}\n`).join('')}  </head>`,
        );
        index.source = page;
        // The same page with a signed-in page's frame painted in it, for the server to send with that page's address
        // (`frameHtml`); `data-frame` tells the app to render over it, not to hydrate it (src/main.tsx).
        const frames = signedInFrames();
        if (frames === null) return this.error('the signed-in frames were not rendered');
        if (!page.includes(EMPTY_ROOT))
          return this.error(`index.html has no ${EMPTY_ROOT} to paint the frame into`);
        // Painted from one response, as the landing page is: its stylesheets (about 20 KB gz) are written in, each
        // link kept disabled so that the app's chunks, which import the same stylesheets, do not link them again.
        const stylesheet = (href: string) => {
          const asset = bundle[href.slice(base.length)];
          if (asset?.type !== 'asset')
            return this.error(`index.html links ${href}, which the build did not write`);
          return String(asset.source);
        };
        const chunkFiles = chunks.map((chunk) => `${base}${chunk.fileName}`);
        const booted = withInlineStyles(
          bootedAfterPaint(page, bootScript(bundle, base), chunkFiles),
          stylesheet,
          {
            markLinked: true,
          },
        );
        const files = [...FRAMED_PAGES.map(frameHtml), ...FRAMES_WITH_CARD.map(frameWithCardHtml)];
        for (const fileName of files) {
          const frame = frames.get(fileName);
          if (frame === undefined) return this.error(`${fileName} was not rendered`);
          this.emitFile({
            type: 'asset',
            fileName,
            source: booted.replace(
              EMPTY_ROOT,
              // Without the inline script React adds to a render it stopped (a timing mark), which the page's
              // Content-Security-Policy would refuse.
              () => `<div id="root" data-frame>${frame.replace(/<script>[^<]*<\/script>/g, '')}</div>`,
            ),
          });
        }
      },
    },
  };
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="[^"]+"><\/script>/;

/** The landing page's boot (scripts/vite/prerender-landing.ts), which imports the app once the page has painted. */
function bootScript(bundle: Record<string, { type: string; name?: string; fileName: string }>, base: string) {
  const boot = Object.values(bundle).find((file) => file.type === 'asset' && file.name === 'landing-boot.js');
  if (!boot) throw new Error('the build wrote no landing-boot.js to start the frame page with');
  return `${base}${boot.fileName}`;
}

/**
 * The frame page paints from its HTML and stylesheets alone, so, like the landing page, it starts the app only once
 * it has painted (src/prerender/landing-boot.ts): fetched beside the stylesheets, the app's 225 KB would hold up
 * the first paint on a slow connection. Its code then comes in a second wave: the entry, and the rest at once,
 * which the entry preloads from the chunks' addresses written into the page (`APP_CHUNKS_ELEMENT_ID`).
 */
function bootedAfterPaint(page: string, bootSrc: string, chunkFiles: readonly string[]): string {
  if (!ENTRY_SCRIPT.test(page))
    throw new Error('index.html has no module script to start after the first paint');
  const chunkList = `<script type="application/json" id="${APP_CHUNKS_ELEMENT_ID}">${JSON.stringify(chunkFiles)}</script>`;
  return page
    .replace(ENTRY_SCRIPT, `<script type="module" crossorigin src="${bootSrc}"></script>`)
    .replace(/\n\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace('  </head>', () => `    ${chunkList}\n  </head>`);
}
