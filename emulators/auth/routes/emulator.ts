import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../context';
import { seedUsers } from '../seed';

// Helpers for tests, outside GoTrue's API under /_emulator so they cannot be mistaken for real endpoints.

export function registerEmulatorRoutes(app: FastifyInstance, ctx: AuthContext): void {
  // Back to the seeded accounts only; sessions, links and flows are forgotten. The signing key is kept, so
  // verifiers that cached the JWKS keep working.
  app.post('/_emulator/reset', { config: { withoutApiKey: true } }, async () => {
    ctx.store.reset(seedUsers(ctx.config.seedAccounts));
    return { reset: true, users: ctx.config.seedAccounts.map((account) => account.email) };
  });
}
