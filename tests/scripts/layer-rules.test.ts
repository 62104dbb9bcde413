import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The layer rules live in biome.json ("overrides"): `npm run lint` must refuse an import that crosses a layer.
// Each case writes a one-line module into the layer, lints it with the project's own configuration, and removes it.

const ROOT = join(import.meta.dirname, '../..');
const BIOME = join(ROOT, 'node_modules/@biomejs/biome/bin/biome');

const refusals: Array<[folder: string, specifier: string, message: string]> = [
  ['contract', '../src/domain/plans', 'contract/ is pure'],
  ['contract', 'ky', 'contract/ is pure'],
  ['src/domain', '../services/storage', 'src/domain is pure'],
  ['src/domain', 'react', 'src/domain is pure'],
  ['src/machines', 'react', 'src/machines import only'],
  ['src/machines', '../services/api/client', 'src/machines import only'],
  ['src/machines', '@supabase/supabase-js', 'src/machines import only'],
  ['src/ui', '../services/storage', 'src/ui renders state'],
  ['src/ui', '../../services/api/client', 'src/ui renders state'],
  ['src/ui', '../routes/router', 'src/ui renders state'],
  ['src/ui', '../app/root', 'src/ui renders state'],
  ['src/services', '../ui/app-context', 'src/services never import'],
  ['src/services', '../routes/guard', 'src/services never import'],
  ['src/routes', '../services/storage', 'src/routes reach services'],
  ['server', '../src/domain/plans', 'server/ never imports'],
  ['server', '../emulators/auth/app', 'server/ never imports'],
  ['emulators', '../server/config', 'emulators/ never import'],
  ['emulators', '../src/domain/plans', 'emulators/ never import'],
];

const allowed: Array<[folder: string, specifier: string]> = [
  ['contract', 'valibot'],
  ['src/domain', '../../contract/plans'],
  ['src/machines', 'xstate'],
  ['src/machines', '../domain/messages'],
  ['src/machines', '../../contract/password'],
  ['src/ui', '../machines/sign-in'],
  ['src/ui', '../domain/pages'],
  ['server', '../contract/plans'],
];

/** Writes each file, lints them all in one run of the project's Biome, removes them, and answers each one's findings. */
function lintFiles(cases: Array<{ file: string; text: string }>): string[] {
  for (const { file, text } of cases) writeFileSync(join(ROOT, file), text);
  const files = cases.map(({ file }) => file);
  try {
    const result = spawnSync(process.execPath, [BIOME, 'lint', '--max-diagnostics=500', ...files], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    const output = `${result.stdout}${result.stderr}`;
    // Each finding starts with `path:line:column rule` (`path rule` for the file's name); what follows, up to the
    // next one, is its text.
    const findings = output.split(/^(?=\S+(?::\d+:\d+)? lint\/)/m);
    return files.map((file) =>
      findings
        .filter((finding) => finding.startsWith(`${file}:`) || finding.startsWith(`${file} `))
        .join('\n'),
    );
  } finally {
    for (const file of files) rmSync(join(ROOT, file), { force: true });
  }
}

/** One module per case, importing the specifier into the folder. */
const lintImports = (cases: Array<[folder: string, specifier: string]>) =>
  lintFiles(
    cases.map(([folder, specifier], index) => ({
      file: join(folder, `layer-rule-fixture-${process.pid}-${index}.ts`),
      text: `import { value } from '${specifier}';\n\nexport const copy = value;\n`,
    })),
  );

describe('layer rules enforced by npm run lint', () => {
  const refused = lintImports(refusals.map(([folder, specifier]) => [folder, specifier]));
  const passed = lintImports(allowed);

  it.each(refusals.map((refusal, index) => [...refusal, index] as const))(
    'refuses an import in %s of %s',
    (_folder, _specifier, message, index) => {
      expect(refused[index]).toContain('noRestrictedImports');
      expect(refused[index]).toContain(message);
    },
  );

  it.each(allowed.map((allowance, index) => [...allowance, index] as const))(
    'allows an import in %s of %s',
    (_folder, _specifier, index) => {
      expect(passed[index]).toBe('');
    },
  );
});

describe('file names, enforced by npm run lint: kebab-case, or the name of the component the file exports', () => {
  const pid = process.pid;
  const [camel, pascal, snake, kebab, component] = lintFiles([
    { file: `src/machines/fixtureMachine${pid}.ts`, text: 'export const fixture = 1;\n' },
    { file: `src/services/FixtureService${pid}.ts`, text: 'export const fixture = 1;\n' },
    { file: `src/domain/fixture_rule_${pid}.ts`, text: 'export const fixture = 1;\n' },
    { file: `src/machines/fixture-machine-${pid}.ts`, text: 'export const fixture = 1;\n' },
    {
      file: `src/ui/FixtureDialog${pid}.tsx`,
      text: `export function FixtureDialog${pid}() {\n  return null;\n}\n`,
    },
  ]);

  it.each([
    ['camelCase', camel],
    ['PascalCase without such an export', pascal],
    ['snake_case', snake],
  ])('refuses %s', (_case, findings) => {
    expect(findings).toContain('useFilenamingConvention');
  });

  it.each([
    ['kebab-case', kebab],
    ['a component named after its export', component],
  ])('allows %s', (_case, findings) => {
    expect(findings).toBe('');
  });
});
