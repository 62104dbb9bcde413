import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { standInRefusal } from '../../scripts/lib/stand-ins';

const root = resolve(import.meta.dirname, '../..');

describe('npm start and the local stand-ins', () => {
  it('runs them on a developer machine', () => {
    expect(standInRefusal({})).toBeNull();
    expect(standInRefusal({ PUBLIC_URL: 'http://localhost:3100' })).toBeNull();
  });

  it('needs none when both real services are set, whatever the mode', () => {
    expect(
      standInRefusal({
        NODE_ENV: 'production',
        SUPABASE_URL: 'https://a.example',
        DASHBOARD_URL: 'https://d.example',
      }),
    ).toBeNull();
  });

  it.each([
    [{ NODE_ENV: 'production' }, 'SUPABASE_URL and DASHBOARD_URL to the real services'],
    [{ LOCAL_DEV: 'false' }, 'SUPABASE_URL and DASHBOARD_URL to the real services'],
    [
      { PUBLIC_URL: 'https://app.example.com', SUPABASE_URL: 'https://a.example' },
      'DASHBOARD_URL to the real service,',
    ],
  ])('refuses them outside local mode (%o)', (environment, advice) => {
    const message = standInRefusal(environment);
    expect(message).toMatch(
      /^npm start runs the local stand-ins \(auth service, inbox, dashboard\) only in local mode/,
    );
    expect(message).toContain(advice);
  });

  it('stops `npm start` before anything starts, with that message', async () => {
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/start-all.ts'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', PORT: '0' },
    });
    const failure = await run.then(
      () => null,
      (error: { code?: number; stderr?: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain('npm start runs the local stand-ins');
  }, 30_000);
});
