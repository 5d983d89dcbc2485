/**
 * Repository behaviour shared by the PGlite and the PostgreSQL test files: each registers these
 * tests against its own freshly migrated and seeded database. Not a test file by itself.
 */
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { Errno } from '../../protocol/errors';
import { createRepositories } from '../repositories';
import type { Db } from './contract';

const count = async (db: Db, sql: string, params: unknown[] = []) => {
  const [row] = await db.query<{ n: unknown }>(`SELECT count(*)::int AS n FROM ${sql}`, params);
  return Number(row?.n);
};

export function repositoryChecks(getDb: () => Db): void {
  const repos = () => createRepositories(getDb());

  it('finds users and members with balances as integers in hundredths', async () => {
    const user = await repos().users.find('M1001');
    expect(user).toMatchObject({ userid: 'M1001', role: 'man', photourl: '/media/portrait/M1001.svg' });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user?.createdAt).toBeInstanceOf(Date);
    expect(await repos().users.find('nobody')).toBeUndefined();
    const member = await repos().members.find('M1001');
    expect(member).toMatchObject({
      creditHundredths: 12_050,
      poststamp: 12,
      chatmin: 45,
      isPaidMember: true,
    });
    expect(typeof member?.creditHundredths).toBe('number');
    expect(await repos().members.find('A2001')).toBeUndefined();
  });

  it('sets agree_provision', async () => {
    expect((await repos().members.find('M1009'))?.agreeProvision).toBe(false);
    await repos().members.setAgreeProvision('M1009');
    expect((await repos().members.find('M1009'))?.agreeProvision).toBe(true);
  });

  it('refuses an update that would make a balance negative, and leaves it unchanged', async () => {
    const db = getDb();
    await expect(
      db.query(`UPDATE members SET credit = credit - 1000 WHERE userid = 'M1002'`),
    ).rejects.toThrow(/check/i);
    await expect(
      db.query(`UPDATE members SET poststamp = poststamp - 1 WHERE userid = 'M1002'`),
    ).rejects.toThrow(/check/i);
    expect((await repos().members.find('M1002'))?.creditHundredths).toBe(320);
  });

  it('rolls a transaction back on a throw and commits otherwise', async () => {
    const db = getDb();
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`UPDATE members SET credit = credit - 100 WHERE userid = 'M1003'`);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect((await repos().members.find('M1003'))?.creditHundredths).toBe(5_000);
    const value = await db.transaction(async (tx) => {
      await tx.query(`UPDATE members SET credit = credit - 100 WHERE userid = 'M1003'`);
      return tx.transaction(
        async (inner) => (await createRepositories(inner).members.find('M1003'))?.poststamp,
      );
    });
    expect(value).toBe(3);
    expect((await repos().members.find('M1003'))?.creditHundredths).toBe(4_900);
  });

  it('never sells the same ticket twice', async () => {
    await expect(
      getDb().query(
        `INSERT INTO tickets (live_show_id, member_id, status, price) VALUES ('LS3001', 'M1001', 1, 400)`,
      ),
    ).rejects.toThrow(/unique|duplicate/i);
  });

  it('lists anchors: suspended ones only by find, featured online first, online by type, hot paged', async () => {
    const suspended = await repos().anchors.find('A2064');
    expect(suspended?.accountStatus).toBe(3);
    const featured = await repos().anchors.featured(5);
    expect(featured).toHaveLength(5);
    expect(featured.every((a) => a.isFeatured && a.state !== 'offline')).toBe(true);
    const live = await repos().anchors.online(1, 100);
    expect(live.length).toBeGreaterThan(0);
    expect(live.every((a) => a.state === 'live' && a.publicRoomId !== '')).toBe(true);
    const available = await repos().anchors.online(2, 100);
    expect(available.every((a) => a.state === 'online')).toBe(true);
    expect((await repos().anchors.online(0, 100)).length).toBe(live.length + available.length);
    const pages = [
      ...(await repos().anchors.hot(0, 7)),
      ...(await repos().anchors.hot(7, 7)),
      ...(await repos().anchors.hot(14, 100)),
    ];
    expect(new Set(pages.map((a) => a.userid)).size).toBe(63);
    expect(pages.some((a) => a.accountStatus === 3)).toBe(false);
    const scores = pages.map((a) => a.hotScore);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('follows idempotently and unfollows a stranger as a no-op', async () => {
    const { follows } = repos();
    await follows.set('M1002', 'A2010', true);
    await follows.set('M1002', 'A2010', true);
    expect(await count(getDb(), `follows WHERE member_id = 'M1002'`)).toBe(1);
    expect(await follows.followed('M1002', ['A2010', 'A2011'])).toEqual(new Set(['A2010']));
    expect(await follows.followed('M1002', [])).toEqual(new Set());
    await follows.set('M1002', 'A2010', false);
    await follows.set('M1002', 'A2010', false);
    await follows.set('M1002', 'A2033', false);
    expect(await follows.followed('M1002', ['A2010'])).toEqual(new Set());
  });

  it('lists gifts and shows with tickets sold counting bought tickets only', async () => {
    const gifts = await repos().gifts.all();
    expect(gifts[0]).toMatchObject({
      giftid: 'G101',
      name: 'Marry Me',
      creditHundredths: 2000,
      newUserNum: 1,
    });
    const full = (await repos().shows.byAnchor('A2022')).find((s) => s.liveShowId === 'LS3010');
    expect(full).toMatchObject({ capacity: 3, ticketsSold: 3, status: 1 });
    expect(full?.startTime).toBeInstanceOf(Date);
    const refunded = (await repos().shows.byAnchor('A2013')).find((s) => s.liveShowId === 'LS3008');
    expect(refunded).toMatchObject({ status: 5, ticketsSold: 0 });
    expect(await repos().shows.find('LS3008')).toEqual(refunded);
    expect(await repos().shows.find('LS9999')).toBeUndefined();
  });

  it('stores sessions by hash, finds them until they expire, deletes them', async () => {
    const { sessions } = repos();
    const expiresAt = new Date(Date.now() + 3600_000);
    await sessions.create('session-one', 'M1001', 'man', expiresAt);
    const hash = createHash('sha256').update('session-one').digest('hex');
    expect(await count(getDb(), 'sessions WHERE id_hash = $1', [hash])).toBe(1);
    expect(await count(getDb(), `sessions WHERE id_hash = 'session-one'`)).toBe(0);
    const found = await sessions.find('session-one');
    expect(found).toMatchObject({ userid: 'M1001', role: 'man' });
    expect(found?.expiresAt.getTime()).toBe(expiresAt.getTime());
    await sessions.delete('session-one');
    expect(await sessions.find('session-one')).toBeUndefined();
    await sessions.create('session-old', 'A2001', 'lady', new Date(Date.now() - 1000));
    expect(await sessions.find('session-old')).toBeUndefined();
    expect(await sessions.deleteExpired()).toBe(1);
  });

  it('counts login failures per account and kind, and per address, and clears them', async () => {
    const { loginFailures } = repos();
    const before = new Date(Date.now() - 60_000);
    await loginFailures.record('M1004', '10.0.0.1', false);
    await loginFailures.record('M1004', '10.0.0.2', false);
    await loginFailures.record('M1004', '10.0.0.2', true);
    await loginFailures.record('M1005', '10.0.0.1', false);
    expect((await loginFailures.forAccount('M1004', false, before)).count).toBe(2);
    expect((await loginFailures.forAccount('M1004', true, before)).count).toBe(1);
    const address = await loginFailures.forAddress('10.0.0.1', before);
    expect(address.count).toBe(2);
    expect(address.last?.getTime()).toBeGreaterThan(before.getTime());
    expect(await loginFailures.forAddress('10.0.0.9', before)).toEqual({ count: 0, last: undefined });
    expect((await loginFailures.forAccount('M1004', false, new Date(Date.now() + 60_000))).count).toBe(0);
    await loginFailures.clear('M1004', true);
    expect((await loginFailures.forAccount('M1004', true, before)).count).toBe(0);
    expect((await loginFailures.forAccount('M1004', false, before)).count).toBe(2);
    await loginFailures.clear('M1004');
    expect((await loginFailures.forAccount('M1004', false, before)).count).toBe(0);
    await loginFailures.deleteBefore(new Date(Date.now() + 60_000));
    expect((await loginFailures.forAddress('10.0.0.1', before)).count).toBe(0);
  });

  it('keeps the first settings value, also when several callers race', async () => {
    const { settings } = repos();
    expect(await settings.get('token-secret')).toBeUndefined();
    expect(await settings.getOrCreate('token-secret', () => 'first')).toBe('first');
    expect(await settings.getOrCreate('token-secret', () => 'second')).toBe('first');
    const raced = await Promise.all(
      ['a', 'b', 'c', 'd'].map((value) =>
        createRepositories(getDb()).settings.getOrCreate('race', () => value),
      ),
    );
    expect(new Set(raced).size).toBe(1);
  });
  it('ends every other session of a user and tells whether a hash is live', async () => {
    const { sessions } = repos();
    const later = new Date(Date.now() + 3600_000);
    await sessions.create('keep-me', 'M1004', 'man', later);
    await sessions.create('old-one', 'M1004', 'man', later);
    await sessions.create('other-user', 'M1005', 'man', later);
    expect(await sessions.deleteOthers('M1004', 'keep-me')).toBe(1);
    expect(await sessions.find('old-one')).toBeUndefined();
    expect(await sessions.find('keep-me')).toBeDefined();
    expect(await sessions.find('other-user')).toBeDefined();
    const hash = (id: string) => createHash('sha256').update(id).digest('hex');
    expect(await sessions.existsHash(hash('keep-me'))).toBe(true);
    expect(await sessions.existsHash(hash('old-one'))).toBe(false);
  });

  it('holds credit for a request only when it is covered, and refunds it exactly once', async () => {
    const { invitations, members } = repos();
    const soon = () => new Date(Date.now() + 60_000);
    const start = (await members.find('M1005'))?.creditHundredths ?? 0;
    const held = await invitations.createWithHold(
      {
        inviteId: 'R-check-1',
        kind: 'request_instant',
        anchorId: 'A2001',
        userId: 'M1005',
        expiresAt: soon(),
      },
      30,
    );
    expect(held?.creditHundredths).toBe(start - 30);
    expect(held?.record).toMatchObject({
      inviteId: 'R-check-1',
      status: 'sent',
      hold: 30,
      kind: 'request_instant',
    });
    // Not covered: nothing is recorded and the balance stays.
    const poor = await invitations.createWithHold(
      {
        inviteId: 'R-check-2',
        kind: 'request_instant',
        anchorId: 'A2001',
        userId: 'M1004',
        expiresAt: soon(),
      },
      30,
    );
    expect(poor).toBeUndefined();
    expect(await invitations.find('R-check-2')).toBeUndefined();
    // Two closes racing: one wins and refunds, the other finds it closed.
    const closes = await Promise.all([
      invitations.close('R-check-1', 'declined'),
      createRepositories(getDb()).invitations.close('R-check-1', 'cancelled'),
    ]);
    const winners = closes.filter((c) => c !== undefined);
    expect(winners).toHaveLength(1);
    expect(winners[0]?.refund).toEqual({ userId: 'M1005', creditHundredths: start });
    expect((await members.find('M1005'))?.creditHundredths).toBe(start);
    expect(await invitations.close('R-check-1', 'accepted')).toBeUndefined();
  });

  it('expires open invitations past their time, refunding holds once; marks shown once', async () => {
    const { invitations, members } = repos();
    const start = (await members.find('M1005'))?.creditHundredths ?? 0;
    await invitations.createWithHold(
      {
        inviteId: 'R-check-3',
        kind: 'request_instant',
        anchorId: 'A2003',
        userId: 'M1005',
        expiresAt: new Date(Date.now() + 60_000),
      },
      30,
    );
    await invitations.create({
      inviteId: 'I-check-1',
      kind: 'instant',
      anchorId: 'A2003',
      userId: 'M1005',
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect(await invitations.markShown('I-check-1', 'M1004')).toBeUndefined();
    expect((await invitations.markShown('I-check-1', 'M1005'))?.status).toBe('shown');
    expect(await invitations.markShown('I-check-1', 'M1005')).toBeUndefined();
    await getDb().query(
      `UPDATE invitations SET expires_at = now() - interval '1 second' WHERE invite_id IN ('R-check-3', 'I-check-1')`,
    );
    expect(await invitations.aliveForMember('M1005', ['instant'], 10)).toEqual([]);
    const first = await invitations.expireDue();
    expect(first.records.map((r) => r.inviteId).sort()).toEqual(['I-check-1', 'R-check-3']);
    expect(first.refunds).toEqual([{ userId: 'M1005', creditHundredths: start }]);
    expect(await invitations.expireDue()).toEqual({ records: [], refunds: [] });
    expect(await invitations.find('R-check-3')).toMatchObject({ status: 'expired', hold: 0 });
  });

  it("moves credit through the ledger once per key, never below zero, in the caller's transaction", async () => {
    const db = getDb();
    const balance = async () => (await repos().members.find('M1004'))?.creditHundredths ?? -1;
    await db.query("UPDATE members SET credit = 1000 WHERE userid = 'M1004'");
    const opening = await balance();
    const charge = {
      userId: 'M1004',
      delta: -150,
      reason: 'test_charge',
      ref: 'T1',
      key: 'test:charge:T1',
      payee: 'A2001',
    };
    const moved = await db.transaction((tx) => createRepositories(tx).ledger.move(charge));
    expect(moved).toMatchObject({ status: 'moved', entry: { delta: -150, balanceAfter: opening - 150 } });
    // The same key again, also from racing callers: nothing more moves.
    const again = await Promise.all(
      [1, 2, 3].map(() => db.transaction((tx) => createRepositories(tx).ledger.move(charge))),
    );
    expect(again.map((r) => r.status)).toEqual(['duplicate', 'duplicate', 'duplicate']);
    expect(await balance()).toBe(opening - 150);
    // More than the balance: refused, nothing changes.
    const tooMuch = await db.transaction((tx) =>
      createRepositories(tx).ledger.move({ ...charge, delta: -(opening + 1), key: 'test:charge:big' }),
    );
    expect(tooMuch).toEqual({ status: 'insufficient', balance: opening - 150 });
    // A failure after the move inside the transaction rolls the move back too.
    await expect(
      db.transaction(async (tx) => {
        await createRepositories(tx).ledger.move({ ...charge, key: 'test:charge:rollback' });
        throw new Error('record failed');
      }),
    ).rejects.toThrow('record failed');
    expect(await repos().ledger.byKey('test:charge:rollback')).toBeUndefined();
    expect(await balance()).toBe(opening - 150);
    // The refund returns exactly what was charged; the ledger sums to the change in balance.
    await db.transaction((tx) =>
      createRepositories(tx).ledger.move({
        ...charge,
        delta: 150,
        reason: 'test_refund',
        key: 'test:refund:T1',
      }),
    );
    expect(await balance()).toBe(opening);
    expect(await repos().ledger.total('M1004')).toBe(0);
    expect((await repos().ledger.forRef('T1')).map((e) => e.delta)).toEqual([-150, 150]);
    // A suspended broadcaster cannot be paid: refused, nothing moves; a refund still can be made.
    await expect(
      db.transaction((tx) =>
        createRepositories(tx).ledger.move({ ...charge, key: 'test:charge:A2064', payee: 'A2064' }),
      ),
    ).rejects.toMatchObject({ errno: Errno.ACCOUNT_SUSPENDED });
    expect(await balance()).toBe(opening);
    const refund = { ...charge, delta: 10, key: 'test:refund:A2064', payee: 'A2064' };
    expect((await db.transaction((tx) => createRepositories(tx).ledger.move(refund))).status).toBe('moved');
  });
}
