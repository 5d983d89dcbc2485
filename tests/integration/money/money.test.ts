/**
 * Money moves only in transactions, once per idempotency key: 50 members buying the last 10
 * tickets at once sell exactly 10; a double click buys one ticket; no balance goes below zero;
 * refunds return exactly what was charged; a failure between the charge and the ticket loses
 * nothing; after a restart on the same data the ledger and every balance agree.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errno } from '../../../protocol/errors';
import { type CreateShowAnswer, ShowApi, ShowErrno } from '../../../protocol/shows/shows';
import type { Db } from '../../../server/storage/contract';
import {
  type Client,
  createTestDatabase,
  startCluster,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../harness';

const nowS = () => Math.floor(Date.now() / 1000);

/** Members whose credit does not equal the sum of their ledger moves (must be none). */
async function ledgerMismatches(db: Db) {
  return db.query<{ userid: string; credit: number; total: number }>(
    `SELECT m.userid, m.credit, COALESCE(l.total, 0)::int AS total FROM members m
     LEFT JOIN (SELECT user_id, SUM(delta) AS total FROM ledger GROUP BY user_id) l ON l.user_id = m.userid
     WHERE m.credit <> COALESCE(l.total, 0)`,
  );
}

/** Members made directly in the database (password demo1234, as M1001's), with an opening balance. */
async function makeMembers(server: TestServer, prefix: string, count: number, hundredths: number) {
  const ids = Array.from({ length: count }, (_, i) => `${prefix}${String(i + 1).padStart(3, '0')}`);
  await server.db.transaction(async (tx) => {
    for (const id of ids) {
      await tx.query(
        `INSERT INTO users (userid, role, nickname, password_hash, photourl)
         SELECT $1, 'man', $1, password_hash, '' FROM users WHERE userid = 'M1001'`,
        [id],
      );
      await tx.query(`INSERT INTO members (userid, credit, priv) VALUES ($1, $2, '{}'::jsonb)`, [
        id,
        hundredths,
      ]);
      await tx.query(
        `INSERT INTO ledger (user_id, delta, balance_after, reason, ref, idem_key)
         VALUES ($1, $2, $2, 'opening', '', 'opening:' || $1)`,
        [id, hundredths],
      );
    }
  });
  return ids;
}

let startsAt = nowS() + 2 * 3600;
/** A show by `anchor` with `capacity` tickets at `price` hundredths, each a fresh hour apart. */
async function publish(lady: Client, capacity: number, price = 100): Promise<string> {
  startsAt += 3600;
  const created = await lady.call<CreateShowAnswer>(ShowApi.createShow, {
    show_title: `Money test ${startsAt}`,
    start_time: startsAt,
    duration: 30,
    price: (price / 100).toFixed(2),
    ticket_num: capacity,
  });
  return created.show_info.live_show_id;
}

const buy = (client: Client, id: string) => client.form(ShowApi.buyTicket, { live_show_id: id });
const creditOf = async (server: TestServer, id: string) =>
  Number(
    (await server.db.query<{ credit: unknown }>('SELECT credit FROM members WHERE userid = $1', [id]))[0]
      ?.credit,
  );

describe('concurrency and atomicity', () => {
  let server: TestServer;
  let lady: Client;

  beforeAll(async () => {
    server = await startServer();
    lady = await server.loginAs('A2003');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('50 members buying the last 10 tickets at once sell exactly 10', async () => {
    const ids = await makeMembers(server, 'MC', 50, 1000);
    const clients = await Promise.all(ids.map((id) => server.loginAs(id)));
    const show = await publish(lady, 10, 300);
    const answers = await Promise.all(clients.map((c) => buy(c, show)));
    const errnos = answers.map((a) => a.body.errno);
    expect(errnos.filter((e) => e === 0)).toHaveLength(10);
    expect(errnos.filter((e) => e === ShowErrno.SOLD_OUT)).toHaveLength(40);
    const [sold] = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM tickets WHERE live_show_id = $1 AND status = 1',
      [show],
    );
    expect(sold?.n).toBe(10);
    const charges = await server.db.query('SELECT 1 FROM ledger WHERE ref = $1', [show]);
    expect(charges).toHaveLength(10);
    // Exactly the winners paid.
    for (const [i, id] of ids.entries()) {
      expect(await creditOf(server, id)).toBe(errnos[i] === 0 ? 700 : 1000);
    }
    expect(await ledgerMismatches(server.db)).toEqual([]);
  }, 60_000);

  it('a double click buys one ticket and charges once', async () => {
    const [id] = await makeMembers(server, 'MD', 1, 1000);
    const client = await server.loginAs(id as string);
    const show = await publish(lady, 5, 250);
    const answers = await Promise.all([buy(client, show), buy(client, show), buy(client, show)]);
    expect(answers.map((a) => a.body.errno).sort()).toEqual([
      0,
      ShowErrno.ALREADY_BOUGHT,
      ShowErrno.ALREADY_BOUGHT,
    ]);
    expect(await creditOf(server, id as string)).toBe(750);
    expect(await server.db.query('SELECT 1 FROM tickets WHERE live_show_id = $1', [show])).toHaveLength(1);
    expect(await server.db.query('SELECT 1 FROM ledger WHERE ref = $1', [show])).toHaveLength(1);
  });

  it('no balance goes below zero: of two tickets bought at once, only the affordable one sells', async () => {
    const [id] = await makeMembers(server, 'MN', 1, 300);
    const client = await server.loginAs(id as string);
    const shows = [await publish(lady, 5, 200), await publish(lady, 5, 200)];
    const answers = await Promise.all(shows.map((s) => buy(client, s)));
    expect(answers.map((a) => a.body.errno).sort()).toEqual([0, Errno.NO_CREDIT]);
    expect(await creditOf(server, id as string)).toBe(100);
    const [low] = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM ledger WHERE balance_after < 0',
    );
    expect(low?.n).toBe(0);
  });

  it('every refund returns exactly what was charged, once, even if cancel is pressed twice', async () => {
    const ids = await makeMembers(server, 'MR', 4, 1000);
    const clients = await Promise.all(ids.map((id) => server.loginAs(id)));
    const show = await publish(lady, 10, 333);
    await Promise.all(clients.map((c) => buy(c, show)));
    const cancels = await Promise.all([
      lady.form(ShowApi.cancelShow, { live_show_id: show }),
      lady.form(ShowApi.cancelShow, { live_show_id: show }),
    ]);
    expect(cancels.map((c) => c.body.errno).sort()).toEqual([0, ShowErrno.CANCELLED]);
    for (const id of ids) {
      expect(await creditOf(server, id)).toBe(1000);
      const moves = await server.db.query<{ delta: unknown }>(
        'SELECT delta FROM ledger WHERE user_id = $1 AND ref = $2 ORDER BY id',
        [id, show],
      );
      expect(moves.map((m) => Number(m.delta))).toEqual([-333, 333]);
    }
    expect(await ledgerMismatches(server.db)).toEqual([]);
  });

  it('a failure after the charge and before the ticket is recorded loses nothing', async () => {
    const [id] = await makeMembers(server, 'MF', 1, 1000);
    const client = await server.loginAs(id as string);
    const show = await publish(lady, 5, 400);
    // The ticket insert fails after the ledger has moved the money, inside the same transaction.
    await server.db.exec(`
      CREATE FUNCTION fail_ticket() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'simulated crash before the ticket is written'; END $$;
      CREATE TRIGGER fail_ticket BEFORE INSERT ON tickets FOR EACH ROW
        WHEN (NEW.member_id = '${id}') EXECUTE FUNCTION fail_ticket();
    `);
    try {
      const failed = await buy(client, show);
      expect(failed.body.errno).toBe(Errno.SERVER_ERROR);
      expect(await creditOf(server, id as string)).toBe(1000);
      expect(await server.db.query('SELECT 1 FROM ledger WHERE ref = $1', [show])).toHaveLength(0);
      expect(await server.db.query('SELECT 1 FROM tickets WHERE live_show_id = $1', [show])).toHaveLength(0);
    } finally {
      await server.db.exec('DROP TRIGGER fail_ticket ON tickets; DROP FUNCTION fail_ticket();');
    }
    // The same action then goes through once: the key was never used.
    expect((await buy(client, show)).body.errno).toBe(0);
    expect(await creditOf(server, id as string)).toBe(600);
    expect(await ledgerMismatches(server.db)).toEqual([]);
  });
});

describe('after a restart on the same data', () => {
  let dataDir = '';
  let database: TestDatabase | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'glimmer-money-'));
    if (process.env.DATABASE_URL) database = await createTestDatabase(process.env.DATABASE_URL);
  });
  afterAll(async () => {
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('the ledger and every balance agree (opening balance + moves = credit)', async () => {
    const options = { config: { dataDir }, databaseUrl: database?.url };
    const first = await startServer(options);
    let expected: { userid: string; credit: number }[];
    try {
      // The seed's opening balances already agree.
      expect(await ledgerMismatches(first.db)).toEqual([]);
      const lady = await first.loginAs('A2004');
      const show = await publish(lady, 3, 150);
      const other = await publish(lady, 3, 275);
      for (const member of ['M1001', 'M1003', 'M1005']) {
        const client = await first.loginAs(member);
        await buy(client, show);
        await buy(client, other);
      }
      await lady.call(ShowApi.cancelShow, { live_show_id: show });
      expected = await first.db.query('SELECT userid, credit FROM members ORDER BY userid');
    } finally {
      await first.close();
    }
    const second = await startServer(options);
    try {
      expect(await second.db.query('SELECT userid, credit FROM members ORDER BY userid')).toEqual(expected);
      expect(await ledgerMismatches(second.db)).toEqual([]);
      const [m1001] = await second.db.query<{ credit: unknown }>(
        "SELECT credit FROM members WHERE userid = 'M1001'",
      );
      expect(Number(m1001?.credit)).toBe(12050 - 275);
    } finally {
      await second.close();
    }
  }, 120_000);
});

describe('two processes on one PostgreSQL', () => {
  it('sell the last tickets once between them', async () => {
    const cluster = await startCluster();
    try {
      const ids = await makeMembers(cluster.a, 'MP', 20, 1000);
      const lady = await cluster.a.loginAs('A2005');
      const show = await publish(lady, 5, 200);
      // Half the buyers on each process, all at once.
      const clients = await Promise.all(ids.map((id, i) => (i % 2 ? cluster.b : cluster.a).loginAs(id)));
      const answers = await Promise.all(clients.map((c) => buy(c, show)));
      expect(answers.filter((a) => a.body.errno === 0)).toHaveLength(5);
      expect(answers.filter((a) => a.body.errno === ShowErrno.SOLD_OUT)).toHaveLength(15);
      expect(await cluster.b.db.query('SELECT 1 FROM ledger WHERE ref = $1', [show])).toHaveLength(5);
      expect(await ledgerMismatches(cluster.b.db)).toEqual([]);
    } finally {
      await cluster.close();
    }
  }, 120_000);
});
