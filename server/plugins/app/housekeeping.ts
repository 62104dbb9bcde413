import fp from 'fastify-plugin';
import { deleteExpiredCounters } from '../../services/rate-limit-store';

const INTERVAL_MS = 10 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    housekeeping: { sweep(): Promise<void> };
  }
}

/**
 * Deletes expired sessions, finished rate-limit windows and audit rows past their retention (AUDIT_LOG_RETENTION)
 * now and then. Correctness never depends on it (expired rows are refused on read); it keeps the tables bounded.
 */
export default fp(
  async (app) => {
    const sweep = async () => {
      try {
        const sessions = await app.sessions.deleteExpired();
        await deleteExpiredCounters(app.db);
        const auditRows = await app.audit.prune(app.config.auditLogRetentionMs);
        if (sessions > 0 || auditRows > 0) app.log.debug({ sessions, auditRows }, 'housekeeping deleted');
      } catch (error) {
        app.log.warn({ err: error }, 'housekeeping failed');
      }
    };
    app.decorate('housekeeping', { sweep });
    const timer = setInterval(sweep, INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'housekeeping', dependencies: ['auth', 'database', 'audit'] },
);
