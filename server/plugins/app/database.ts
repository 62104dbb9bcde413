import fp from 'fastify-plugin';
import { type Database, type DatabaseHandle, openDatabase } from '../../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    database: DatabaseHandle;
  }
}

/** Opens PGlite or PostgreSQL (as configured), applies pending migrations, and closes it with the server. */
export default fp(
  async (app) => {
    const handle = await openDatabase(app.config.database, (error) =>
      app.log.warn({ err: error }, 'a database connection was dropped; the next query opens a new one'),
    );
    app.log.info({ engine: handle.engine }, 'database ready, migrations applied');
    app.decorate('database', handle);
    app.decorate('db', handle.db);
    app.addHook('onClose', async () => {
      await handle.close();
    });
  },
  { name: 'database', dependencies: ['config'] },
);
