import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from '@playwright/test';
import { DEMO_CUSTOMER } from './session';

/**
 * A Chromium in which the demo customer has signed in through the app's own sign-in dialog, as a customer does:
 * the server's session cookie and the auth service's session in local storage, kept for every later load. Lighthouse
 * drives it through its debugging port (`--port`), and by its defaults clears the HTTP cache before each run but
 * keeps cookies and local storage: each run is a returning customer's cold load.
 */
export type SignedInBrowser = { port: number; close(): Promise<void> };

const START_TIMEOUT_MS = 30_000;

export async function launchSignedInBrowser(options: {
  chromiumPath: string;
  appUrl: string;
}): Promise<SignedInBrowser> {
  const profile = await mkdtemp(join(tmpdir(), 'beacon-signed-in-'));
  const browser = spawn(
    options.chromiumPath,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const exited = once(browser, 'exit');
  const close = async () => {
    if (browser.exitCode === null && browser.signalCode === null) {
      browser.kill('SIGTERM');
      await exited;
    }
    await rm(profile, { recursive: true, force: true, maxRetries: 5 });
  };
  try {
    const port = await debuggingPort(profile, browser);
    await signIn(`http://127.0.0.1:${port}`, options.appUrl);
    return { port, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Chromium writes the port it chose into DevToolsActivePort in its profile. */
async function debuggingPort(profile: string, browser: ChildProcess): Promise<number> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (browser.exitCode !== null) throw new Error(`Chromium exited with ${browser.exitCode}.`);
    const text = await readFile(join(profile, 'DevToolsActivePort'), 'utf8').catch(() => '');
    const port = Number(text.split('\n')[0]);
    if (port > 0) return port;
    await sleep(100);
  }
  throw new Error(`Chromium did not open its debugging port within ${START_TIMEOUT_MS / 1000} s.`);
}

/** The sign-in dialog of the landing page, then the account menu that only a signed-in customer has. */
async function signIn(debuggingUrl: string, appUrl: string): Promise<void> {
  const browser = await chromium.connectOverCDP(debuggingUrl);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default browser context.');
    const page = await context.newPage();
    await page.goto(`${appUrl}/Landing`);
    await page.getByRole('button', { name: 'Sign In' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await dialog.getByLabel('Email').fill(DEMO_CUSTOMER.email);
    await dialog.getByLabel('Password').fill(DEMO_CUSTOMER.password);
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('button', { name: /account menu/i }).waitFor({ timeout: 60_000 });
    await page.close();
  } finally {
    // Disconnects; the browser and its profile stay for Lighthouse.
    await browser.close();
  }
}
