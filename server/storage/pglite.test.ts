import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../seed';
import type { Db } from './contract';
import { loadMigrations, migrate } from './migrate';
import { openDatabase } from './open';
import { repositoryChecks } from './repository-checks';

let dataDir: string;
let db: Db;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'glimmer-pglite-'));
  db = await openDatabase({ dataDir });
  await seedDemoData(db);
}, 120_000);

afterAll(async () => {
  await db?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('PGlite storage', () => {
  it('applies every migration once, in a data folder under pglite/', async () => {
    expect(db.driver).toBe('pglite');
    const versions = (await loadMigrations()).map((m) => m.version);
    expect(versions[0]).toBe('001_initial');
    const rows = await db.query<{ version: string }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    );
    expect(rows.map((r) => r.version)).toEqual(versions);
    expect(await migrate(db)).toEqual([]);
    expect(await db.query('SELECT version FROM schema_migrations')).toHaveLength(versions.length);
  });

  repositoryChecks(() => db);
});

describe('PGlite reopen', () => {
  it('keeps data across a close and reopen of the same folder', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'glimmer-pglite-reopen-'));
    try {
      const first = await openDatabase({ dataDir: folder });
      await first.query(`INSERT INTO settings (key, value) VALUES ('kept', 'yes')`);
      await first.close();
      const second = await openDatabase({ dataDir: folder });
      expect(await second.query('SELECT value FROM settings')).toEqual([{ value: 'yes' }]);
      expect(await second.query('SELECT version FROM schema_migrations')).toHaveLength(
        (await loadMigrations()).length,
      );
      await second.close();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 120_000);
});
