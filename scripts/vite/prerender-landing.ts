import { readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import {
  FRAMED_PAGES,
  FRAMES_WITH_CARD,
  frameHtml,
  frameWithCardHtml,
  LANDING_HTML,
} from '../../contract/spa-build.ts';
import { bootLanding } from '../../src/prerender/landing-boot.ts';

const EMPTY_ROOT = '<div id="root"></div>';

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/**
 * The prerendered page's only script is the boot (src/prerender/landing-boot.ts), which imports the app after the
 * first frame. What remains of the modulepreloads is fetched at low priority.
 */
function withBoot(html: string, bootSrc: string): string {
  return html
    .replace(ENTRY_SCRIPT, `<script type="module" crossorigin src="${bootSrc}"></script>`)
    .replace(/<link rel="modulepreload" /g, '<link rel="modulepreload" fetchpriority="low" ');
}

/** The boot file: `bootLanding`'s own source, called on the page's root with the app's entry. */
function bootSource(entrySrc: string): string {
  return `(${bootLanding.toString()})(document.getElementById("root"), () => import(${JSON.stringify(entrySrc)}));\n`;
}

const STYLESHEET = /<link rel="stylesheet" crossorigin href="([^"]+)">/g;

/**
 * The stylesheets the page links, written into it instead: the first paint waits for the HTML and its CSS, and on a
 * phone's connection a second request costs a whole round trip (about 0.6 s with Lighthouse's throttling applied).
 * The app's 8.5 KB gz of CSS fits in the HTML's first round trips; index.html keeps the cached stylesheets. The
 * signed-in pages' frames (./preload-signed-in.ts) are written the same way.
 */
export function withInlineStyles(
  html: string,
  styles: (href: string) => string,
  options: { markLinked?: boolean } = {},
): string {
  return html.replace(STYLESHEET, (link: string, href: string) => {
    const css = styles(href);
    if (css.includes('</style')) throw new Error(`${href} cannot be written into a <style> element`);
    // `markLinked`: the link stays, disabled, which the browser neither fetches nor applies, so that Vite's loader,
    // which links a lazy chunk's stylesheets unless the page already links them, finds it there and does not fetch
    // and apply the same rules a second time.
    return options.markLinked
      ? `<style>${css}</style>${link.replace(/>$/, ' disabled>')}`
      : `<style>${css}</style>`;
  });
}

/** The file the browser build imports for `@tanstack/router-core/isServer` (its package's `browser` export). */
function routerBrowserIsServer(root: string): string {
  const manifest = createRequire(path.join(root, 'package.json')).resolve(
    '@tanstack/router-core/package.json',
  );
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as {
    exports: Record<string, { browser?: { import?: { default?: string } } }>;
  };
  const file = exports['./isServer']?.browser?.import?.default;
  if (!file) throw new Error('@tanstack/router-core no longer exports a browser build of ./isServer');
  return path.resolve(path.dirname(manifest), file);
}

/**
 * After the client build, renders the landing page with React on Node (an SSR build of `entry`, which exports
 * `renderLandingPage(): Promise<string>`) into a copy of the built index.html, written to `landingFile` in
 * `cacheDir`. The build's compression copies it into dist/ with its twins (vite.config.ts, `artifacts`). The
 * browser paints the landing page from the HTML and CSS alone; the app then hydrates it. It renders the signed-in
 * pages' frames too (`renderSignedInFrame(path)`, one per FRAMED_PAGES, and one with the user's card in slots per
 * FRAMES_WITH_CARD), which `signedInFrames()` answers by file name once the bundle is written.
 */
export function prerenderLanding({ entry, cacheDir }: { entry: string; cacheDir: string }) {
  const landingFile = path.join(cacheDir, LANDING_HTML);
  let signedInFrames: ReadonlyMap<string, string> | null = null;
  let root = '';
  let base = '/';
  const plugin: Plugin = {
    name: 'beacon:prerender-landing',
    // Only the client build: the SSR build below loads the same config.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    // After Vite has written index.html into the bundle, before the build's closeBundle hooks run.
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const index = bundle['index.html'];
        const template = index?.type === 'asset' ? String(index.source) : '';
        if (!template.includes(EMPTY_ROOT)) this.error(`index.html has no ${EMPTY_ROOT} to prerender into`);

        const { build } = await import('vite');
        // A directory of its own per build, imported without a query: a query (to pass Node's module cache) made the
        // lazy chunks import a second copy of the entry, whose router context the page's own code never saw.
        const ssrOutDir = path.join(cacheDir, `ssr-${process.pid}-${Date.now()}`);
        await build({
          root,
          logLevel: 'warn',
          build: { ssr: entry, outDir: ssrOutDir, emptyOutDir: true, sourcemap: false },
          // The router's browser build, as the client has it: its server build renders a tree that would not hydrate.
          resolve: { alias: { '@tanstack/router-core/isServer': routerBrowserIsServer(root) } },
          ssr: { noExternal: [/^@tanstack\//] },
        });
        const ssrBundle = pathToFileURL(path.join(ssrOutDir, `${path.parse(entry).name}.js`));
        const { renderLandingPage, renderSignedInFrame } = (await import(ssrBundle.href)) as {
          renderLandingPage: () => Promise<string>;
          renderSignedInFrame: (path: string, options?: { withCard?: boolean }) => Promise<string>;
        };
        const landingMarkup = await renderLandingPage();
        const frames = new Map<string, string>();
        for (const name of FRAMED_PAGES) frames.set(frameHtml(name), await renderSignedInFrame(`/${name}`));
        for (const name of FRAMES_WITH_CARD)
          frames.set(frameWithCardHtml(name), await renderSignedInFrame(`/${name}`, { withCard: true }));
        signedInFrames = frames;
        await rm(ssrOutDir, { recursive: true, force: true });
        const entrySrc = ENTRY_SCRIPT.exec(template)?.[1];
        if (!entrySrc) this.error('index.html has no module script to load after the first paint');
        const bootName = this.emitFile({
          type: 'asset',
          name: 'landing-boot.js',
          source: bootSource(entrySrc),
        });
        const bootSrc = `${base}${this.getFileName(bootName)}`;
        const styles = (href: string) => {
          const asset = bundle[href.slice(base.length)];
          if (asset?.type !== 'asset') this.error(`index.html links ${href}, which the build did not write`);
          return String(asset.source);
        };
        const html = withInlineStyles(withBoot(template, bootSrc), styles, { markLinked: true }).replace(
          EMPTY_ROOT,
          `<div id="root">${landingMarkup}</div>`,
        );
        await writeFile(landingFile, html);
      },
    },
  };
  /** The signed-in pages' frames by file name, rendered with the landing page, for ./preload-signed-in.ts to write. */
  return { plugin, landingFile, signedInFrames: () => signedInFrames };
}
