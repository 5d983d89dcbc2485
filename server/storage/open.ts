/** Opens the database for the configured driver and brings its schema up to date. */
import type { Db, OpenDatabaseOptions } from './contract';
import { openPglite } from './drivers/pglite';
import { openPostgres } from './drivers/postgres';
import { migrate } from './migrate';

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Db> {
  const db = opts.databaseUrl ? await openPostgres(opts.databaseUrl) : await openPglite(opts.dataDir);
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
