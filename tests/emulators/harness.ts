import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import { type AuthEmulatorOptions, buildAuthApp } from '../../emulators/auth/app';
import { buildMailApp } from '../../emulators/mail/app';
import { Mailbox } from '../../emulators/mail/mailbox';
import { listenOn, type RunningEmulator } from '../../emulators/shared/listen';

// Real sockets on free ports, and the real supabase-js client: what the SPA will do, minus the browser.

export const ANON_KEY = 'local-anon-key';
export const SITE_URL = 'http://localhost:3000';
export const DEV_SERVER_URL = 'http://localhost:5173';

export interface Emulators {
  authUrl: string;
  mailUrl: string;
  mailbox: Mailbox;
  close(): Promise<void>;
  /**
   * A fresh client with in-memory storage, so that tests do not share sessions; `fetch` replaces its transport
   * (to watch the wire, or to send what an older client sends).
   */
  client(flowType?: 'implicit' | 'pkce', fetch?: typeof globalThis.fetch): SupabaseClient;
}

export async function startEmulators(options: AuthEmulatorOptions = {}): Promise<Emulators> {
  const mailbox = new Mailbox();
  const running: RunningEmulator[] = [
    await listenOn(
      buildAuthApp({ siteUrl: SITE_URL, redirectOrigins: [DEV_SERVER_URL], mail: mailbox, ...options }),
      {
        port: 0,
        host: 'localhost',
      },
    ),
    await listenOn(buildMailApp({ mailbox }), { port: 0, host: 'localhost' }),
  ];
  const [auth, mail] = running as [RunningEmulator, RunningEmulator];
  return {
    authUrl: auth.url,
    mailUrl: mail.url,
    mailbox,
    close: async () => {
      await Promise.all(running.map((emulator) => emulator.close()));
    },
    client: (flowType = 'implicit', fetch) => {
      const store = new Map<string, string>();
      const authOptions: SupabaseClientOptions<'public'>['auth'] = {
        persistSession: false,
        autoRefreshToken: false,
        detectSessionInUrl: false,
        flowType,
        storage: {
          getItem: (key) => store.get(key) ?? null,
          setItem: (key, value) => void store.set(key, value),
          removeItem: (key) => void store.delete(key),
        },
      };
      return createClient(auth.url, ANON_KEY, { auth: authOptions, ...(fetch ? { global: { fetch } } : {}) });
    },
  };
}

export interface MailDetail {
  ID: string;
  Subject: string;
  To: { Name: string; Address: string }[];
  Text: string;
  HTML: string;
}

/** The newest e-mail to `address`, read through the inbox's Mailpit-style JSON API. */
export async function latestMailTo(mailUrl: string, address: string): Promise<MailDetail> {
  const list = (await (await fetch(`${mailUrl}/api/v1/messages`)).json()) as {
    messages: { ID: string; To: { Address: string }[] }[];
  };
  const summary = list.messages.find((message) => message.To.some((to) => to.Address === address));
  if (!summary) throw new Error(`No e-mail to ${address}`);
  return (await (await fetch(`${mailUrl}/api/v1/message/${summary.ID}`)).json()) as MailDetail;
}

/** The /verify link in an e-mail's text. */
export function verifyLinkIn(mail: MailDetail): string {
  const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.Text)?.[0];
  if (!link) throw new Error(`No verify link in "${mail.Subject}"`);
  return link;
}

/** Follows a link as a browser would, but stops at the first redirect and answers where it points. */
export async function redirectOf(
  link: string,
  init: RequestInit = {},
): Promise<{ status: number; location: URL }> {
  const response = await fetch(link, { ...init, redirect: 'manual' });
  const location = response.headers.get('location');
  if (!location) throw new Error(`${link} answered ${response.status} without a Location`);
  return { status: response.status, location: new URL(location) };
}

export const fragmentOf = (url: URL): URLSearchParams => new URLSearchParams(url.hash.slice(1));

let counter = 0;
/** A unique address per test, so tests within a file do not collide. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@example.com`;
}
