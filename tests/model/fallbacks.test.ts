import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditProblems, fallbackSites, machineFallbacks, parseAudit } from './lib/fallbacks';

const ROOT = join(import.meta.dirname, '../..');
const readTest = (path: string) =>
  existsSync(join(ROOT, path)) ? readFileSync(join(ROOT, path), 'utf8') : null;
const audit = () => parseAudit(readFileSync(join(import.meta.dirname, 'fallbacks.md'), 'utf8'));

describe('fallback audit (tests/model/fallbacks.md, issue 24 item 3)', () => {
  it('lists every fallback of src/machines, each reached by a named fixture, unreachable or a known gap', () => {
    expect(auditProblems(machineFallbacks(ROOT), audit(), readTest)).toEqual([]);
  });

  it('fails on a new fallback, on a stale entry and on a reached entry whose fixture is not in its test', () => {
    const sites = [
      ...fallbackSites(
        'src/machines/x.ts',
        "const a = b ?? 'x';\n// c ?? d, a comment\nconst e = f || TEXT;",
      ),
    ];
    expect(sites.map((site) => site.code)).toEqual(["const a = b ?? 'x';", 'const e = f || TEXT;']);
    const entries = parseAudit(
      [
        "- `src/machines/x.ts` `const a = b ?? 'x';` — reached: `tests/model/x.test.ts` `nothing`, a fixture",
        '- `src/machines/x.ts` `const gone = g ?? h;` — unreachable: why',
      ].join('\n'),
    );
    expect(auditProblems(sites, entries, () => 'const something = 1;')).toEqual([
      'new fallback without a fixture: src/machines/x.ts: const e = f || TEXT; (add a fixture that reaches it and list it as reached in tests/model/fallbacks.md, or say there why it is unreachable)',
      "src/machines/x.ts: const a = b ?? 'x';: tests/model/x.test.ts has no fixture `nothing`",
      'stale entry, no such fallback: src/machines/x.ts: const gone = g ?? h;',
    ]);
  });

  it('says how many gaps are left', () => {
    const gaps = audit().filter((entry) => entry.status === 'gap');
    // The known gaps (docs/testing.md); closing one moves it to reached, and this number down.
    expect(gaps).toHaveLength(0);
  });
});
