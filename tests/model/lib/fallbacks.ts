import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The fallback audit (issue 24 item 3, docs/testing.md "Every fallback has a fixture"): every `??` fallback and every
 * error-to-text `||` (a text or a constant on its right) in src/machines is listed in tests/model/fallbacks.md,
 * reviewed like the inventory, as `reached` (by the fixture it names, in the model test it names), `unreachable`
 * (with why) or `gap` (a fixture still to add). A fallback that is not listed fails the model run.
 */

/** One fallback in the source: its file and its line, as written (trimmed, spaces collapsed). */
export interface FallbackSite {
  file: string;
  code: string;
}

export interface AuditEntry extends FallbackSite {
  /** How many lines of the file read exactly so (two identical `link ?? ''`). */
  count: number;
  status: 'reached' | 'unreachable' | 'gap';
  detail: string;
}

const FALLBACK = /\?\?|\|\|\s*['"`A-Z]/;
const normalize = (line: string) => line.trim().replace(/\s+/g, ' ');

/** The fallbacks of one source text (comment lines skipped). */
export function fallbackSites(file: string, source: string): FallbackSite[] {
  return source
    .split('\n')
    .map(normalize)
    .filter((line) => !line.startsWith('//') && !line.startsWith('*') && !line.startsWith('/*'))
    .filter((line) => FALLBACK.test(line))
    .map((code) => ({ file, code }));
}

/** Every fallback of the machines' folder (tests excluded), by path relative to `root`. */
export function machineFallbacks(root: string, dir = join(root, 'src/machines')): FallbackSite[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return machineFallbacks(root, path);
    if (!entry.name.endsWith('.ts') || entry.name.includes('.test.')) return [];
    return fallbackSites(relative(root, path), readFileSync(path, 'utf8'));
  });
}

const ENTRY = /^- `([^`]+)` `(.+?)`(?: ×(\d+))? — (reached|unreachable|gap): (.+)$/;

/** The audit's entries: one line each, `- \`file\` \`code\` [×N] — status: detail`. */
export function parseAudit(text: string): AuditEntry[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('- `'))
    .map((line) => {
      const match = ENTRY.exec(line);
      if (!match) throw new Error(`tests/model/fallbacks.md: cannot read the entry\n  ${line}`);
      const [, file, code, count, status, detail] = match;
      return {
        file: file!,
        code: normalize(code!),
        count: count ? Number(count) : 1,
        status: status as AuditEntry['status'],
        detail: detail!,
      };
    });
}

/**
 * What is wrong between the source's fallbacks and the audit: a fallback not listed, a listed one that is gone or
 * counted wrong, a `reached` entry that does not name a model test file and a fixture found in it.
 */
export function auditProblems(
  sites: readonly FallbackSite[],
  audit: readonly AuditEntry[],
  readTest: (path: string) => string | null,
): string[] {
  const key = (site: FallbackSite) => `${site.file}: ${site.code}`;
  const found = new Map<string, number>();
  for (const site of sites) found.set(key(site), (found.get(key(site)) ?? 0) + 1);
  const listed = new Map(audit.map((entry) => [key(entry), entry]));
  const problems: string[] = [];
  for (const [site, count] of found) {
    const entry = listed.get(site);
    if (!entry)
      problems.push(
        `new fallback without a fixture: ${site} (add a fixture that reaches it and list it as reached in tests/model/fallbacks.md, or say there why it is unreachable)`,
      );
    else if (entry.count !== count)
      problems.push(`${site}: ${count} such lines, the audit says ${entry.count}`);
  }
  for (const [site, entry] of listed) {
    if (!found.has(site)) problems.push(`stale entry, no such fallback: ${site}`);
    if (entry.status !== 'reached') continue;
    const named = /^`(tests\/[^`]+)` `([^`]+)`/.exec(entry.detail);
    if (!named) {
      problems.push(
        `${site}: a reached entry names its test and fixture: reached: \`tests/…\` \`fixture\` …`,
      );
      continue;
    }
    const test = readTest(named[1]!);
    if (test === null) problems.push(`${site}: no test file ${named[1]}`);
    else if (!test.includes(named[2]!)) problems.push(`${site}: ${named[1]} has no fixture \`${named[2]}\``);
  }
  return problems;
}
