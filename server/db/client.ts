import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { DatabaseConfig } from '../config';
import * as schema from './schema';

/** Either engine behind one query-builder type: the app code never knows which one it talks to. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  engine: DatabaseConfig['kind'];
  /** Answers when the database answers a trivial query (health check). */
  ping(): Promise<void>;
  close(): Promise<void>;
};

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
/** Serialises migrations when several replicas start at once against one PostgreSQL. */
const MIGRATION_LOCK_ID = 7_355_608;

/** Opens the configured database and brings its schema up to date (migrations are applied at start). */
export async function openDatabase(
  config: DatabaseConfig,
  onConnectionLost: (error: Error) => void = () => undefined,
): Promise<DatabaseHandle> {
  return config.kind === 'pglite' ? openPglite(config.dataDir) : openPostgres(config, onConnectionLost);
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  if (!dataDir.includes('://')) await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir);
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db,
    engine: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}

async function openPostgres(
  config: Extract<DatabaseConfig, { kind: 'postgres' }>,
  onConnectionLost: (error: Error) => void,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: config.url,
    // Tables live in one schema; migrations name none, so search_path decides. For the default schema
    // (public) nothing is sent at connection start, which is what a transaction-mode pooler (PgBouncer,
    // Supavisor) accepts; another schema needs the startup parameter and a direct connection or a session pooler.
    ...(config.schema === 'public' ? {} : { options: `-c search_path=${config.schema}` }),
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: 10_000,
  });
  // An idle client whose server connection ends (a database restart, a failover, pg_terminate_backend) is
  // reported here. Without a listener Node treats the 'error' event as fatal and the process dies; with it, the
  // pool drops that client and the next query opens a fresh connection.
  pool.on('error', onConnectionLost);
  try {
    const db = drizzleNodePg({ client: pool, schema });
    await migrateUnderLock(pool, db, config);
    return {
      db,
      engine: 'postgres',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
    };
  } catch (error) {
    await pool.end();
    throw error;
  }
}

const LOCK_POLL_MS = 250;

/**
 * Migrations, one replica at a time: a session advisory lock, taken by polling so that the wait has its own
 * limit (DATABASE_MIGRATION_LOCK_TIMEOUT) instead of the statement timeout, which is for queries.
 */
async function migrateUnderLock(
  pool: pg.Pool,
  db: Database,
  config: Extract<DatabaseConfig, { kind: 'postgres' }>,
): Promise<void> {
  const lock = await pool.connect();
  let locked = false;
  try {
    await lock.query(`create schema if not exists "${config.schema}"`);
    const deadline = Date.now() + config.migrationLockTimeoutMs;
    for (;;) {
      const { rows } = await lock.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
        MIGRATION_LOCK_ID,
      ]);
      locked = rows[0]?.locked === true;
      if (locked) break;
      if (Date.now() >= deadline) {
        throw new Error(
          `Another replica has held the migration lock for ${Math.round(config.migrationLockTimeoutMs / 1000)} s (DATABASE_MIGRATION_LOCK_TIMEOUT); is a migration stuck? pg_locks shows who holds advisory lock ${MIGRATION_LOCK_ID}.`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
    }
    await migrateNodePg(db as Parameters<typeof migrateNodePg>[0], {
      migrationsFolder: MIGRATIONS_FOLDER,
      migrationsSchema: config.schema,
    });
  } finally {
    if (locked) await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    lock.release();
  }
}

/** Drops a throwaway schema (tests and benchmarks each migrate into one of their own on a shared PostgreSQL). */
export async function dropPostgresSchema(url: string, schemaName: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schemaName}" cascade`);
  } finally {
    await client.end();
  }
}
