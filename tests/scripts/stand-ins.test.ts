import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { standInRefusal, standInsToStart } from '../../scripts/lib/stand-ins';

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

  describe('the payments stand-in', () => {
    const deployment = {
      NODE_ENV: 'production',
      SUPABASE_URL: 'https://a.example',
      DASHBOARD_URL: 'https://d.example',
    };

    it('runs on a developer machine unless STRIPE_API_URL names a provider', () => {
      expect(standInsToStart({}).payments).toBe(true);
      expect(standInsToStart({ STRIPE_API_URL: '' }).payments).toBe(false);
    });

    it.each([
      ['NODE_ENV=production', deployment],
      [
        'a PUBLIC_URL elsewhere',
        { PUBLIC_URL: 'https://app.example.com', SUPABASE_URL: 'https://a.example' },
      ],
      ['LOCAL_DEV=false', { LOCAL_DEV: 'false' }],
    ])(
      'never runs outside local mode (%s): an unset STRIPE_API_URL means Stripe itself',
      (_case, environment) => {
        expect(standInsToStart(environment).payments).toBe(false);
      },
    );

    it('is not started by a production `npm start` whose STRIPE_API_URL is unset', async () => {
      // A build newer than every source, so the start does not build the SPA.
      const dist = mkdtempSync(join(tmpdir(), 'beacon-dist-'));
      writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start-all.ts'], {
        cwd: root,
        env: {
          ...process.env,
          ...deployment,
          PUBLIC_URL: 'https://app.example.com',
          HOST: '127.0.0.1',
          PORT: '0',
          SPA_DIST: dist,
          PGLITE_DATA_DIR: 'memory://',
          SESSION_SECRET: 's'.repeat(40),
          CSRF_SECRET: 'c'.repeat(40),
          SUPABASE_ANON_KEY: 'anon',
          STRIPE_SECRET_KEY: 'sk_test_deployment',
          STRIPE_WEBHOOK_SECRET: 'whsec_deployment',
          PAYMENTS_EMULATOR_PORT: '0',
          LOG_LEVEL: 'warn',
          SHUTDOWN_DRAIN: '0',
        },
      });
      const exited = new Promise((resolve) => child.on('exit', resolve));
      let output = '';
      child.stdout.on('data', (chunk) => {
        output += chunk;
      });
      child.stderr.on('data', (chunk) => {
        output += chunk;
      });
      try {
        await new Promise<void>((started, failed) => {
          child.stdout.on('data', () => output.includes('Ctrl-C stops everything') && started());
          child.on('exit', (code) => failed(new Error(`npm start exited with ${code}: ${output}`)));
        });
        expect(output).toContain('Beacon RMM is running.');
        expect(output).not.toContain('Payments stand-in');
      } finally {
        child.kill('SIGTERM');
        await exited;
        rmSync(dist, { recursive: true, force: true });
      }
    }, 60_000);
  });
});
