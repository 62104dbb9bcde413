import type { Plugin } from 'vite';

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
 * stays as it was.
 */
export function preloadChunks(names: readonly string[]): Plugin {
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
        index.source = String(index.source).replace(
          '  </head>',
          `${links.map((link) => `    ${link}\n`).join('')}  </head>`,
        );
      },
    },
  };
}
