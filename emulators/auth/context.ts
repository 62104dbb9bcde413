import type { FastifyBaseLogger } from 'fastify';
import type { AuthConfig } from './config';
import type { SigningKeys } from './keys';
import type { AuthStore } from './store';

/** What every route needs, built once when the app starts. */
export interface AuthContext {
  config: AuthConfig;
  store: AuthStore;
  keys: SigningKeys;
  log: FastifyBaseLogger;
}

export const nowIso = (ctx: AuthContext): string => ctx.config.now().toISOString();
export const nowSeconds = (ctx: AuthContext): number => Math.floor(ctx.config.now().getTime() / 1000);
