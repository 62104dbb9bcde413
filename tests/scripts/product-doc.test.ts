import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  citationProblems,
  parseProductDoc,
  REPOSITORY_TEXTS,
  readSources,
  type SourceFile,
  specMentions,
} from '../../scripts/lib/product-doc';

const root = path.resolve(import.meta.dirname, '../..');
const productDoc = readFileSync(path.join(root, 'docs/product.md'), 'utf8');

/** The checker and this test quote bad citations and spec mentions on purpose, as examples. */
const EXAMPLES = new Set(['scripts/lib/product-doc.ts', 'tests/scripts/product-doc.test.ts']);
// The product's rules are cited anywhere in them.
const sources = readSources(root, REPOSITORY_TEXTS).filter(
  (file) => !EXAMPLES.has(file.path.split(path.sep).join('/')),
);

const doc = (body: string) => parseProductDoc(`# Product rules\n\n${body}`);
const file = (text: string): SourceFile => ({ path: 'src/example.ts', text });

describe('docs/product.md', () => {
  const parsed = parseProductDoc(productDoc);

  it('has well-formed, unique IDs, each in the section of its group, and no broken links', () => {
    expect(parsed.problems).toEqual([]);
  });

  it('numbers entries for every page and flow of the product', () => {
    const expected = [
      'ROUTE',
      'LAND',
      'SIGNUP',
      'SIGNIN',
      'CHECK',
      'HEAD',
      'PROF',
      'BILL',
      'PICK',
      'ONB',
      'RESET',
    ];
    for (const group of [
      ...expected,
      'SET',
      'REFUND',
      'SESSION',
      'DATA',
      'ROLE',
      'API',
      'MSG-API',
      'LIMIT',
    ]) {
      expect(parsed.ids.some((id) => id.startsWith(`${group}-`))).toBe(true);
    }
  });

  it('keeps one row per setting, with its allowed values and default', () => {
    expect(productDoc).toContain(
      '| **SET-25** | sessionTimeout     | 1h, 4h, 8h, 24h, never             | 8h         |',
    );
    expect(parsed.ids.filter((id) => /^SET-(2\d|3[01])$/.test(id))).toHaveLength(12);
  });
});

describe('the product.md checker', () => {
  it('accepts entries in their own sections', () => {
    const result = doc('## Landing (LAND)\n\n- **LAND-1** One.\n- **LAND-2** Two, like LAND-1.\n');
    expect(result.problems).toEqual([]);
    expect(result.ids).toEqual(['LAND-1', 'LAND-2']);
  });

  it('finds a duplicate ID', () => {
    expect(doc('## Landing (LAND)\n\n- **LAND-1** One.\n- **LAND-1** Again.\n').problems).toEqual([
      'line 6: duplicate ID LAND-1',
    ]);
  });

  it.each([['LAND-0'], ['LAND3'], ['LAND-3a'], ['LAND-']])('finds the malformed ID %s', (id) => {
    expect(doc(`## Landing (LAND)\n\n- **${id}** Text.\n`).problems).toEqual([`line 5: malformed ID ${id}`]);
  });

  it('finds an entry filed under another group', () => {
    expect(doc('## Landing (LAND)\n\n- **BILL-1** Text.\n').problems).toEqual([
      "line 5: BILL-1 is outside its group's section (found in LAND)",
    ]);
  });

  it('finds a mention of an entry that does not exist, and a link to a missing heading', () => {
    expect(doc('## Landing (LAND)\n\n- **LAND-1** See LAND-9 and [there](#nowhere).\n').problems).toEqual([
      'link to a missing heading #nowhere',
      'mention of a missing entry LAND-9',
    ]);
  });
});

describe('citations of product.md', () => {
  const parsed = parseProductDoc(productDoc);

  it('name existing entries or groups everywhere in the repository', () => {
    expect(citationProblems(sources, parsed)).toEqual([]);
  });

  it('are found in comments and test names', () => {
    const cited = sources.filter((source) => source.text.includes('[product: '));
    expect(cited.length).toBeGreaterThan(20);
  });

  it('fail when one names an entry that does not exist', () => {
    const example = doc('## Landing (LAND)\n\n- **LAND-1** One.\n');
    expect(citationProblems([file('// ok [product: LAND-1, LAND]\n// [product: LAND-7]')], example)).toEqual([
      'src/example.ts:2: [product: LAND-7] names no entry or group of docs/product.md (LAND-7)',
    ]);
  });

  it('fail when one is not written [product: ID]', () => {
    const example = doc('## Landing (LAND)\n\n- **LAND-1** One.\n');
    expect(citationProblems([file('/** [product LAND-1] */')], example)).toEqual([
      'src/example.ts:1: [product LAND-1] is not [product: ID]',
    ]);
  });
});

describe('the specification outside the repository', () => {
  it('is cited nowhere: comments, test names and docs cite product.md entries instead', () => {
    expect(specMentions(sources)).toEqual([]);
  });

  it.each([
    ['/** The guard of SPEC section 2. */'],
    ['// the 7 s cap (SPEC 8)'],
    ['// (SPEC: on logout failure it goes to Landing)'],
    ["it('are exactly the SPEC table', () => {"],
    ['These fill the gaps that SPEC.md section 7 leaves open.'],
    ["/** The first of the spec's fields. */"],
    ['// unknown values mean Professional, as the spec says'],
  ])('is found in %s', (text) => {
    expect(specMentions([file(text)])).toHaveLength(1);
  });

  it('is not confused with Playwright files or other words', () => {
    const text = "test('x') // tests/e2e/sign-in.spec.ts, VITE_INSPECT, specified, specs, spec-compliant";
    expect(specMentions([file(text)])).toEqual([]);
  });
});
