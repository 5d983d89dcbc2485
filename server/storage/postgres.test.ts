/**
 * The same repository checks against a real PostgreSQL (always running locally and on CI), in a
 * database of its own that is dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../seed';
import type { Db } from './contract';
import { loadMigrations } from './migrate';
import { openDatabase } from './open';
import { repositoryChecks } from './repository-checks';

const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/test';
const name = `glimmer_unit_${randomBytes(6).toString('hex')}`;
const url = ADMIN_URL.replace(/\/test$/, `/${name}`);
let db: Db;

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await admin(`CREATE DATABASE ${name}`);
  // Three processes starting at once: the advisory lock lets exactly one apply each migration.
  const handles = await Promise.all(
    [1, 2, 3].map(() => openDatabase({ dataDir: 'unused', databaseUrl: url })),
  );
  const results = await Promise.all(handles.map((handle) => seedDemoData(handle)));
  expect(results.filter((r) => r.seeded)).toHaveLength(1);
  [db] = handles as [Db];
  await Promise.all(handles.slice(1).map((handle) => handle.close()));
}, 60_000);

afterAll(async () => {
  await db?.close();
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

describe('PostgreSQL storage', () => {
  it('applied each migration once although three handles migrated and seeded at once', async () => {
    expect(db.driver).toBe('postgres');
    const rows = await db.query('SELECT version FROM schema_migrations');
    expect(rows).toHaveLength((await loadMigrations()).length);
    const [users] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    // Seeded once: 64 broadcasters, 9 demo members (M1008 is the live-chat story's, M1009 has not
    // yet agreed to the terms) and the demo operator.
    expect(users?.n).toBe(79);
  });

  repositoryChecks(() => db);
});
