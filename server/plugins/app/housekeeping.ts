import fp from 'fastify-plugin';
import { deleteExpiredCounters } from '../../services/rate-limit-store';

const INTERVAL_MS = 10 * 60_000;

/**
 * Deletes expired sessions and finished rate-limit windows now and then. Correctness never depends on it
 * (expired rows are refused on read); it only keeps the tables small.
 */
export default fp(
  async (app) => {
    const sweep = async () => {
      try {
        const sessions = await app.sessions.deleteExpired();
        await deleteExpiredCounters(app.db);
        if (sessions > 0) app.log.debug({ sessions }, 'expired sessions deleted');
      } catch (error) {
        app.log.warn({ err: error }, 'housekeeping failed');
      }
    };
    const timer = setInterval(sweep, INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'housekeeping', dependencies: ['auth', 'database'] },
);
