/** PostgreSQL through a `pg` Pool behind the storage `Db` interface. */
import pg from 'pg';
import type { Db, QueryOptions } from '../contract';

type Client = pg.Pool | pg.PoolClient;

async function runQuery<T>(
  client: Client,
  sql: string,
  params?: unknown[],
  options?: QueryOptions,
): Promise<T[]> {
  const result = options?.prepare
    ? await client.query({ name: options.prepare, text: sql, values: params })
    : await client.query(sql, params);
  return result.rows as T[];
}

/** A transaction handle on one dedicated client; nested `transaction` calls join the open one. */
function clientDb(client: pg.PoolClient): Db {
  const db: Db = {
    driver: 'postgres',
    query: (sql, params, options) => runQuery(client, sql, params, options),
    // Without parameters pg uses the simple protocol, which runs several statements at once.
    exec: async (sql) => {
      await client.query(sql);
    },
    transaction: (work) => work(db),
    close: async () => {
      throw new Error('close() called inside a transaction');
    },
  };
  return db;
}

export async function openPostgres(databaseUrl: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle client that dies (server restart) must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.warn(`postgres: idle client error: ${error.message}`));
  await pool.query('SELECT 1');
  return {
    driver: 'postgres',
    query: (sql, params, options) => runQuery(pool, sql, params, options),
    exec: async (sql) => {
      await pool.query(sql);
    },
    transaction: async (work) => {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await work(clientDb(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackError: Error) => {
          broken = rollbackError;
        });
        throw error;
      } finally {
        // A client whose ROLLBACK failed is in an unknown state: destroy it rather than reuse it.
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}
