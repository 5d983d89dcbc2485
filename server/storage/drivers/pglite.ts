/** PGlite (embedded Postgres in WebAssembly) behind the storage `Db` interface. */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Db } from '../contract';

type Runner = Pick<PGlite, 'query' | 'exec'> | Transaction;

/** A transaction handle: nested `transaction` calls join the open one (PGlite has one connection). */
function transactionDb(tx: Transaction): Db {
  const db: Db = {
    driver: 'pglite',
    query: (sql, params) => runQuery(tx, sql, params),
    exec: (sql) => runExec(tx, sql),
    transaction: (work) => work(db),
    close: async () => {
      throw new Error('close() called inside a transaction');
    },
  };
  return db;
}

async function runQuery<T>(runner: Runner, sql: string, params?: unknown[]): Promise<T[]> {
  const result = await runner.query<T>(sql, params);
  return result.rows;
}

async function runExec(runner: Runner, sql: string): Promise<void> {
  await runner.exec(sql);
}

export async function openPglite(dataDir: string): Promise<Db> {
  const folder = join(dataDir, 'pglite');
  await mkdir(folder, { recursive: true });
  const pg = await PGlite.create(folder);
  return {
    driver: 'pglite',
    query: (sql, params) => runQuery(pg, sql, params),
    exec: (sql) => runExec(pg, sql),
    // PGlite queues every other query until the transaction ends, so `work` must use `tx` only.
    transaction: (work) => pg.transaction((tx) => work(transactionDb(tx))),
    close: () => pg.close(),
  };
}
