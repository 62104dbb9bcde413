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
export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  return config.kind === 'pglite' ? openPglite(config.dataDir) : openPostgres(config.url, config.schema);
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

async function openPostgres(url: string, schemaName: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    // Our tables live in one schema (public by default); migrations name no schema, so search_path decides.
    options: `-c search_path=${schemaName}`,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: 10_000,
  });
  try {
    const db = drizzleNodePg({ client: pool, schema });
    const lock = await pool.connect();
    try {
      await lock.query(`create schema if not exists "${schemaName}"`);
      await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      await migrateNodePg(db, { migrationsFolder: MIGRATIONS_FOLDER, migrationsSchema: schemaName });
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
      lock.release();
    }
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
