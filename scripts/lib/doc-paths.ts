import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The files and folders a text names: the README and docs/ as they are written, and the comments of code. A doc
 * that sends its reader to a file that was renamed or removed is a doc that lies; `missingPaths` lists them.
 */

/** Folders of the repository a mention may start with (`src/app/flows.ts`, `docs/machines/`). */
const TOP_FOLDERS = ['src', 'tests', 'docs', 'scripts', 'server', 'contract', 'emulators', '.ci'];
/** Files at the root of the repository that docs name. */
const TOP_FILES = [
  'README.md',
  'package.json',
  'vite.config.ts',
  'tsconfig.json',
  'biome.json',
  'playwright.config.ts',
  'drizzle.config.ts',
  'index.html',
  '.env.example',
];

export interface Mention {
  /** The file (relative to the root) that names it, and the line. */
  file: string;
  line: number;
  /** As written: `src/app/flows.ts`, `./root.ts`, `docs/machines/`, `src/services/<flow>-io.ts`. */
  written: string;
  /** Relative to the root: the file or folder that must exist (a pattern's folder, for a pattern). */
  target: string;
}

const PATH_CHARS = String.raw`[\w.\-/<>*{}…]`;
const REPO_PATH = new RegExp(
  String.raw`(?<![\w./@-])((?:${TOP_FOLDERS.map((folder) => folder.replace('.', String.raw`\.`)).join('|')})/${PATH_CHARS}*|(?:${TOP_FILES.map((name) => name.replaceAll('.', String.raw`\.`)).join('|')})(?![\w.]))`,
  'g',
);
const RELATIVE_PATH = new RegExp(String.raw`(?<![\w./@-])(\.{1,2}/${PATH_CHARS}+)`, 'g');
const MARKDOWN_LINK = /\]\(([^)\s#]+)(?:#[^)]*)?\)/g;

/** A written path's end: sentence punctuation is not part of it. */
const trimmed = (written: string) => written.replace(/[.,;:]+$/, '');

/** A pattern (`<flow>`, `*`, `{a,b}`, `…`) names its folder: the part before the first wildcard. */
function targetOf(written: string): string {
  const wildcard = written.search(/[<>*{}…]/);
  if (wildcard < 0) return written.replace(/\/$/, '');
  return written.slice(0, written.lastIndexOf('/', wildcard)) || '.';
}

/** What a comment or doc line names; `from` is the naming file, for relative paths. */
function mentionsIn(text: string, from: string, line: number, markdown: boolean): Mention[] {
  const mentions: Mention[] = [];
  const add = (written: string, relativeTo: string) => {
    const clean = trimmed(written);
    // A bare extension or a version (`v1.2`) is no path.
    if (!clean.includes('/') && !TOP_FILES.includes(clean)) return;
    mentions.push({
      file: from,
      line,
      written: clean,
      target: path.posix.normalize(path.posix.join(relativeTo, targetOf(clean))),
    });
  };
  for (const match of text.matchAll(REPO_PATH)) add(match[1] ?? '', '.');
  for (const match of text.matchAll(RELATIVE_PATH)) add(match[1] ?? '', path.posix.dirname(from));
  if (markdown) {
    for (const match of text.matchAll(MARKDOWN_LINK)) {
      const target = match[1] ?? '';
      if (/^[a-z]+:/i.test(target) || target.startsWith('/')) continue;
      // A link is relative to its document, whatever folder it names.
      if (!target.startsWith('.') && !target.includes('/')) add(`./${target}`, path.posix.dirname(from));
    }
  }
  return mentions;
}

/** The comment text of a line of code (`// …`, `/* …`, ` * …`), or null. */
function commentOf(line: string): string | null {
  const trimmedLine = line.trim();
  if (trimmedLine.startsWith('*') || trimmedLine.startsWith('/*') || trimmedLine.startsWith('//'))
    return trimmedLine;
  const inline = line.indexOf(' // ');
  return inline >= 0 ? line.slice(inline) : null;
}

/**
 * Every path a file names: each line of a doc, the comments of code. A doc's code examples are code: their
 * relative imports belong to the example's own file, so only the repository's paths in them count.
 */
export function pathMentions(file: { path: string; text: string }): Mention[] {
  const from = file.path.split(path.sep).join('/');
  const markdown = from.endsWith('.md');
  let inExample = false;
  return file.text.split('\n').flatMap((line, index) => {
    if (markdown && line.trimStart().startsWith('```')) inExample = !inExample;
    const text = markdown || from.startsWith('.env') ? line : commentOf(line);
    if (!text) return [];
    const mentions = mentionsIn(text, from, index + 1, markdown);
    return inExample ? mentions.filter((mention) => !mention.written.startsWith('.')) : mentions;
  });
}

/** A module named without its extension, as imports name them (`./auth-service`), is found with it. */
const MODULE_ENDINGS = ['', '.ts', '.tsx', '/index.ts'];

/** The mentions whose file or folder does not exist under `root`. */
export function missingPaths(root: string, mentions: readonly Mention[]): Mention[] {
  return mentions.filter(
    (mention) => !MODULE_ENDINGS.some((ending) => existsSync(path.join(root, `${mention.target}${ending}`))),
  );
}
