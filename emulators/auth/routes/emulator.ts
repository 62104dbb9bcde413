import type { FastifyInstance } from 'fastify';
import { bearerKey, sameSecret } from '../../shared/secret';
import type { AuthContext } from '../context';
import { seedUsers } from '../seed';

// Helpers for tests, outside GoTrue's API under /_emulator so they cannot be mistaken for real endpoints.

export function registerEmulatorRoutes(app: FastifyInstance, ctx: AuthContext): void {
  // Back to the seeded accounts only; sessions, links and flows are forgotten. The signing key is kept, so
  // verifiers that cached the JWKS keep working.
  // It wipes every account: only a caller holding the reset key (AUTH_EMULATOR_RESET_KEY) may do that.
  app.post('/_emulator/reset', { config: { withoutApiKey: true } }, async (request, reply) => {
    const { resetKey } = ctx.config;
    if (!resetKey) {
      return reply
        .code(403)
        .send({ message: 'Reset is off: start the emulator with AUTH_EMULATOR_RESET_KEY.' });
    }
    if (!sameSecret(bearerKey(request.headers.authorization), resetKey)) {
      return reply
        .code(401)
        .send({ message: 'Reset needs Authorization: Bearer <AUTH_EMULATOR_RESET_KEY>.' });
    }
    ctx.store.reset(seedUsers(ctx.config.seedAccounts));
    return { reset: true, users: ctx.config.seedAccounts.map((account) => account.email) };
  });
}
