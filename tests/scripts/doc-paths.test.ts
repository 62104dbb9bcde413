import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingPaths, pathMentions } from '../../scripts/lib/doc-paths';
import { REPOSITORY_TEXTS, readSources } from '../../scripts/lib/product-doc';

const root = path.resolve(import.meta.dirname, '../..');

/** The checker and this test name missing files on purpose, as examples. */
const EXAMPLES = new Set(['scripts/lib/doc-paths.ts', 'tests/scripts/doc-paths.test.ts']);

const missingIn = (file: string, text: string) =>
  missingPaths(root, pathMentions({ path: file, text })).map((mention) => mention.written);

describe('files the docs and comments name', () => {
  it('all exist', () => {
    // The docs as written, and the comments of every source file.
    const sources = readSources(root, REPOSITORY_TEXTS).filter(
      (file) => !EXAMPLES.has(file.path.split(path.sep).join('/')),
    );
    const missing = missingPaths(root, sources.flatMap(pathMentions)).map(
      (mention) => `${mention.file}:${mention.line} names ${mention.written}, which does not exist`,
    );
    expect(missing).toEqual([]);
  });

  it.each([
    [
      'a file that was removed',
      'docs/x.md',
      'Its actors are in `src/services/billing-actors.ts`.',
      ['src/services/billing-actors.ts'],
    ],
    [
      'a file with the wrong extension',
      'docs/x.md',
      'See `tests/model/session.test.ts`.',
      ['tests/model/session.test.ts'],
    ],
    [
      'a folder that was moved',
      'README.md',
      'The pages (src/ui/pages/billing/) and more.',
      ['src/ui/pages/billing/'],
    ],
    ['a link beside the document', 'docs/x.md', 'The [rules](rules.md) say so.', ['./rules.md']],
    ['a path in a comment', 'src/app/x.ts', '/** Provided by ./root.tsx, once. */', ['./root.tsx']],
    ['a path in a line comment', 'src/app/x.ts', 'const a = 1; // see src/app/gone.ts', ['src/app/gone.ts']],
  ])('are missing when a text names %s', (_, file, text, missing) => {
    expect(missingIn(file, text)).toEqual(missing);
  });

  it.each([
    ['an existing file', 'docs/x.md', 'The registry is `src/app/flows.ts`.'],
    ['a module without its extension', 'src/app/x.ts', '// the flows (./flows) load later'],
    [
      'a pattern, by its folder',
      'README.md',
      'Its I/O is `src/services/<flow>-io.ts`; tests in tests/model/**/*.test.tsx.',
    ],
    ['a link beside the document', 'docs/x.md', 'The [rules](product.md), the [testing](./testing.md) page.'],
    [
      'a web address',
      'docs/x.md',
      'See [Stately](https://stately.ai/docs/setup) and http://localhost:3000/api.',
    ],
    ['code, not a comment', 'src/app/x.ts', "const file = 'src/app/not-a-mention.ts';"],
    ['a relative import in a code example', 'docs/x.md', "```ts\nimport { call } from './harness';\n```"],
  ])('are not missing when a text names %s', (_, file, text) => {
    expect(missingIn(file, text)).toEqual([]);
  });
});
