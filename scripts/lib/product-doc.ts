import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Checks of docs/product.md and of the citations that point into it (tests/scripts/product-doc.test.ts). The
// rules are pure functions over text, so the test can show each problem being caught on a small example.

/** `LAND-3`, `MSG-SIGNIN-2`: a group prefix (upper-case words joined by hyphens) and a number from 1. */
const ID = /^([A-Z]+(?:-[A-Z]+)*)-([1-9]\d*)$/;
/** An entry is defined by its bold ID opening a list item or a table row. */
const DEFINITION = /^(?:- |\| )\*\*([^*]+)\*\*/;
/** A heading names its group in trailing parentheses: `## Landing page (LAND)`, `### Sign-in (MSG-SIGNIN)`. */
const HEADING = /^(#{2,3}) (.*?)(?: \(([A-Z]+(?:-[A-Z]+)*)\))?\s*$/;
/** `[product: BILL-12]`, `[product: BILL-8, LIMIT-8]`, `[product: SET]`. */
const CITATION = /\[product:([^\]]*)\]/g;

export type ProductDoc = {
  /** Every entry ID, in document order. */
  ids: string[];
  /** Every group named by a heading (`LAND`, `MSG-SIGNIN`). */
  groups: Set<string>;
  /** Heading anchors, GitHub style, for the document's own links. */
  anchors: Set<string>;
  problems: string[];
};

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
export function headingAnchor(title: string): string {
  return title
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
}

/**
 * Reads the entries of product.md: each ID well-formed, unique, and inside the section of its own group
 * (LAND-3 under "## Landing page (LAND)"), and every link to a heading of the document leads to one.
 */
export function parseProductDoc(text: string): ProductDoc {
  const ids: string[] = [];
  const groups = new Set<string>();
  const anchors = new Set<string>();
  const problems: string[] = [];
  let group: string | undefined;
  text.split('\n').forEach((line, index) => {
    const where = `line ${index + 1}`;
    const heading = HEADING.exec(line);
    if (heading) {
      anchors.add(headingAnchor(line.replace(/^#+ /, '')));
      const named = heading[3];
      if (named) groups.add(named);
      // A subsection without a group (a table of contents, say) keeps no entries.
      if (heading[1] === '##' || named) group = named;
      return;
    }
    const definition = DEFINITION.exec(line);
    if (!definition) return;
    const id = definition[1] ?? '';
    const parts = ID.exec(id);
    if (!parts) {
      // Bold text in a list item or table row that is not an ID is prose (`**One rule per entry**`), unless it
      // looks like an attempt at one.
      if (/^[A-Z]{2,}[A-Za-z0-9-]*$/.test(id)) problems.push(`${where}: malformed ID ${id}`);
      return;
    }
    if (ids.includes(id)) problems.push(`${where}: duplicate ID ${id}`);
    if (parts[1] !== group)
      problems.push(`${where}: ${id} is outside its group's section (found in ${group})`);
    ids.push(id);
  });
  for (const match of text.matchAll(/\]\(#([^)]+)\)/g)) {
    if (!anchors.has(match[1] ?? '')) problems.push(`link to a missing heading #${match[1]}`);
  }
  for (const match of text.matchAll(/\b[A-Z]+(?:-[A-Z]+)*-[1-9]\d*\b/g)) {
    const [mention] = match;
    const prefix = mention.replace(/-\d+$/, '');
    if (groups.has(prefix) && !ids.includes(mention)) problems.push(`mention of a missing entry ${mention}`);
  }
  return { ids, groups, anchors, problems };
}

export type SourceFile = { path: string; text: string };

/** `file:line: what` for every citation that names no entry and no group of the document. */
export function citationProblems(files: readonly SourceFile[], doc: ProductDoc): string[] {
  const problems: string[] = [];
  for (const file of files) {
    for (const match of file.text.matchAll(CITATION)) {
      const where = `${file.path}:${lineOf(file.text, match.index)}`;
      const names = (match[1] ?? '').split(',').map((name) => name.trim());
      for (const name of names) {
        if (!doc.ids.includes(name) && !doc.groups.has(name)) {
          problems.push(
            `${where}: ${match[0]} names no entry or group of docs/product.md (${name || 'empty'})`,
          );
        }
      }
    }
    for (const match of file.text.matchAll(/\[product\s+[A-Z]+(?:-[A-Z]+)*-\d+[^\]]*\]/g)) {
      problems.push(`${file.path}:${lineOf(file.text, match.index)}: ${match[0]} is not [product: ID]`);
    }
  }
  return problems;
}

/**
 * The specification outside the repository, named in code or docs: `SPEC section 4`, `SPEC 8`, `SPEC:`,
 * `SPEC.md`, "the spec says". Test files named `*.spec.ts` are not mentions.
 */
const SPEC_MENTION = /(?<![\w./-])spec(?:\.md|'s)?(?![\w-])/gi;

export function specMentions(files: readonly SourceFile[]): string[] {
  const mentions: string[] = [];
  for (const file of files) {
    for (const match of file.text.matchAll(SPEC_MENTION)) {
      const line = file.text.split('\n')[lineOf(file.text, match.index) - 1]?.trim();
      mentions.push(`${file.path}:${lineOf(file.text, match.index)}: ${line}`);
    }
  }
  return mentions;
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

const SOURCE_EXTENSIONS = new Set(['.ts', '.tsx', '.js', '.mjs', '.cjs', '.md', '.css', '.html', '.json']);
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.data', 'test-results', 'playwright-report']);

/** The text files of the given folders and files under `root`, with paths relative to it. */
/** Every text of the repository a reader follows: code, tests, docs and the files a newcomer reads first. */
export const REPOSITORY_TEXTS = [
  'src',
  'server',
  'contract',
  'emulators',
  'scripts',
  'tests',
  'docs',
  'README.md',
  '.env.example',
] as const;

export function readSources(root: string, entries: readonly string[]): SourceFile[] {
  const files: SourceFile[] = [];
  const visit = (relative: string): void => {
    const absolute = path.join(root, relative);
    let children: string[];
    try {
      children = readdirSync(absolute);
    } catch {
      if (SOURCE_EXTENSIONS.has(path.extname(relative)) || path.basename(relative).startsWith('.env')) {
        files.push({ path: relative, text: readFileSync(absolute, 'utf8') });
      }
      return;
    }
    for (const child of children) {
      if (!SKIPPED_FOLDERS.has(child)) visit(path.join(relative, child));
    }
  };
  for (const entry of entries) visit(entry);
  return files;
}
