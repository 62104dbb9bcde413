import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
import { LANDING_HTML } from '../../contract/spa-build.ts';

const EMPTY_ROOT = '<div id="root"></div>';

/**
 * After the client build, renders the landing page with React on Node (an SSR build of `entry`, which exports
 * `renderLandingPage(): string`) into a copy of the built index.html. The browser paints the landing page from
 * the HTML and CSS alone; the app then mounts over it with createRoot and renders the same markup.
 */
export function prerenderLanding({ entry }: { entry: string }): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'beacon:prerender-landing',
    // Only the client build: the SSR build below loads the same config.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const { build } = await import('vite');
      const ssrOutDir = path.join(root, 'node_modules/.cache/beacon-prerender');
      await build({
        root,
        logLevel: 'warn',
        build: { ssr: entry, outDir: ssrOutDir, emptyOutDir: true, sourcemap: false },
      });
      const bundle = pathToFileURL(path.join(ssrOutDir, `${path.parse(entry).name}.js`));
      const { renderLandingPage } = (await import(`${bundle.href}?build=${Date.now()}`)) as {
        renderLandingPage: () => string;
      };

      const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
      if (!template.includes(EMPTY_ROOT)) this.error(`index.html has no ${EMPTY_ROOT} to prerender into`);
      const html = template.replace(EMPTY_ROOT, `<div id="root">${renderLandingPage()}</div>`);
      const target = path.join(outDir, LANDING_HTML);
      await Promise.all([
        writeFile(target, html),
        // Its compressed twins, like every other built file (vite.config.ts).
        promisify(brotliCompress)(html, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
        }).then((data) => writeFile(`${target}.br`, data)),
        promisify(gzip)(html, { level: 9 }).then((data) => writeFile(`${target}.gz`, data)),
      ]);
    },
  };
}
