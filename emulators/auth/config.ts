import type { FastifyServerOptions } from 'fastify';
import type { MailAddress, MailSink } from '../mail/message';
import { DEFAULT_SEED_ACCOUNTS, type SeedAccount } from './seed';

export interface AuthEmulatorOptions {
  /**
   * The URL clients use to reach the emulator, without `/auth/v1` (GoTrue's API_EXTERNAL_URL). It becomes the JWT
   * `iss` (`${publicUrl}/auth/v1`) and the base of e-mail links. Default: the address it listens on, or
   * http://localhost:54321 when never started (inject-only tests).
   */
  publicUrl?: string;
  /** Where disallowed or missing redirects go. Default http://localhost:3000. */
  siteUrl?: string;
  /** Further origins allowed as `redirect_to`, e.g. the Vite dev server http://localhost:5173. Default none. */
  redirectOrigins?: string[];
  /** Confirm e-mail sign-ups at once and answer with a session, as GoTrue's MAILER_AUTOCONFIRM. Default false. */
  autoconfirm?: boolean;
  /** GoTrue's PASSWORD_MIN_LENGTH. Default 6. */
  passwordMinLength?: number;
  /** Access-token lifetime in seconds. Default 3600. */
  jwtExpirySeconds?: number;
  /**
   * How long after its rotation a refresh token may still be exchanged (GoTrue's
   * SECURITY_REFRESH_TOKEN_REUSE_INTERVAL). Default 10, Supabase's (the CLI's config.toml `refresh_token_reuse_interval`).
   */
  refreshTokenReuseIntervalSeconds?: number;
  /** How long e-mail links stay valid, in seconds (MAILER_OTP_EXP). Default 86400. */
  otpExpirySeconds?: number;
  /** How long a PKCE auth code can be exchanged after it is issued, in seconds. Default 300, as GoTrue. */
  flowStateExpirySeconds?: number;
  /** When set, API calls must carry this `apikey`, as the Supabase gateway checks. Default: any key is accepted. */
  anonKey?: string;
  /** Where e-mails go, e.g. the mail emulator's Mailbox. Default: only logged. */
  mail?: MailSink;
  mailFrom?: MailAddress;
  /** Accounts present after start and after `POST /_emulator/reset`. Default: the customer and admin accounts. */
  seedAccounts?: readonly SeedAccount[];
  /** JSON file that keeps accounts, sessions and the signing key across restarts. Default: memory only. */
  stateFile?: string;
  /** POST /_emulator/reset needs `Authorization: Bearer <resetKey>`; without one, reset is refused. */
  resetKey?: string;
  /** Clock, replaceable in tests that need links or codes to expire. */
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
}

export interface AuthConfig {
  /** Mutable until listen: a port-0 start learns its URL only then. */
  publicUrl: string;
  siteUrl: string;
  redirectOrigins: string[];
  autoconfirm: boolean;
  passwordMinLength: number;
  jwtExpirySeconds: number;
  refreshTokenReuseIntervalSeconds: number;
  otpExpirySeconds: number;
  flowStateExpirySeconds: number;
  anonKey: string | undefined;
  mail: MailSink | undefined;
  mailFrom: MailAddress;
  seedAccounts: readonly SeedAccount[];
  stateFile: string | undefined;
  resetKey: string | undefined;
  now: () => Date;
}

export const DEFAULT_AUTH_PORT = 54321;

export function resolveAuthConfig(options: AuthEmulatorOptions): AuthConfig {
  return {
    publicUrl: stripTrailingSlash(options.publicUrl ?? `http://localhost:${DEFAULT_AUTH_PORT}`),
    siteUrl: stripTrailingSlash(options.siteUrl ?? 'http://localhost:3000'),
    redirectOrigins: options.redirectOrigins ?? [],
    autoconfirm: options.autoconfirm ?? false,
    passwordMinLength: options.passwordMinLength ?? 6,
    jwtExpirySeconds: options.jwtExpirySeconds ?? 3600,
    refreshTokenReuseIntervalSeconds: options.refreshTokenReuseIntervalSeconds ?? 10,
    otpExpirySeconds: options.otpExpirySeconds ?? 86_400,
    flowStateExpirySeconds: options.flowStateExpirySeconds ?? 300,
    anonKey: options.anonKey,
    mail: options.mail,
    mailFrom: options.mailFrom ?? { Name: 'Beacon RMM', Address: 'no-reply@beacon-rmm.local' },
    seedAccounts: options.seedAccounts ?? DEFAULT_SEED_ACCOUNTS,
    stateFile: options.stateFile,
    resetKey: options.resetKey,
    now: options.now ?? (() => new Date()),
  };
}

function stripTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
