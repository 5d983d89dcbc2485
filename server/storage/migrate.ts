/**
 * Applies server/storage/migrations/NNN_name.sql in order, each once, recorded in
 * schema_migrations. Everything runs in one transaction behind an advisory lock, so processes
 * starting together against one PostgreSQL apply each file exactly once and never see half a schema.
 */
import { readdir, readFile } from 'node:fs/promises';
import type { Db } from './contract';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);
const MIGRATION_FILE = /^\d{3}_[a-z0-9_]+\.sql$/;

export interface Migration {
  version: string;
  sql: string;
}

export async function loadMigrations(): Promise<Migration[]> {
  const names = (await readdir(MIGRATIONS_DIR)).filter((name) => MIGRATION_FILE.test(name)).sort();
  return Promise.all(
    names.map(async (name) => ({
      version: name.replace(/\.sql$/, ''),
      sql: await readFile(new URL(name, MIGRATIONS_DIR), 'utf8'),
    })),
  );
}

/** Returns the versions applied by this call (empty when the schema was already current). */
export async function migrate(db: Db): Promise<string[]> {
  const migrations = await loadMigrations();
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('glimmer:migrate'))`);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const rows = await tx.query<{ version: string }>('SELECT version FROM schema_migrations');
    const applied = new Set(rows.map((row) => row.version));
    const done: string[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [migration.version]);
      done.push(migration.version);
    }
    return done;
  });
}
