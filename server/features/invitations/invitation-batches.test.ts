/**
 * Concurrent invitations share one INSERT and concurrent "shown" reports one UPDATE
 * (repositories/batcher.ts): each caller still gets its own answer, a member that does not exist
 * gets undefined, and a row that breaks a constraint fails its own caller only. On PGlite and on
 * PostgreSQL (always running locally and on CI), each in a fresh database.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../seed/index';
import type { Db } from '../../storage/contract';
import { openDatabase } from '../../storage/open';
import { type InvitationsRepository, invitationsRepository } from './invitations-repository';

const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/test';

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const inHour = () => new Date(Date.now() + 3_600_000);
const invite = (inviteId: string, userId: string) => ({
  inviteId,
  kind: 'instant' as const,
  anchorId: 'A2001',
  userId,
  expiresAt: inHour(),
  payload: { invite_id: inviteId, nickname: 'Ava' },
});

function batchChecks(name: string, open: () => Promise<{ db: Db; close(): Promise<void> }>) {
  describe(`${name}: batched invitation statements`, () => {
    let db: Db;
    let close: () => Promise<void>;
    let repo: InvitationsRepository;
    const id = (tag: string) => `I-${tag}-${randomBytes(4).toString('hex')}`;

    beforeAll(async () => {
      ({ db, close } = await open());
      await seedDemoData(db);
      repo = invitationsRepository(db);
    }, 120_000);
    afterAll(async () => {
      await close?.();
    });

    it('answers each of many concurrent invitations with its own stored row', async () => {
      let statements = 0;
      const counted = invitationsRepository({
        ...db,
        query: (sql, params) => {
          statements += 1;
          return db.query(sql, params);
        },
      });
      const ids = ['M1001', 'M1002', 'M1003', 'M1004', 'M1005'].map((m) => ({ m, i: id(m) }));
      const records = await Promise.all(ids.map(({ m, i }) => counted.createForMember(invite(i, m))));
      expect(statements).toBe(1);
      records.forEach((record, n) => {
        expect(record?.inviteId).toBe(ids[n]?.i);
        expect(record?.userId).toBe(ids[n]?.m);
        expect(record?.status).toBe('sent');
        // The member's nickname was kept for the report back.
        expect(typeof record?.payload.member_nickname).toBe('string');
      });
      const stored = await db.query<{ invite_id: string }>(
        'SELECT invite_id FROM invitations WHERE invite_id = ANY($1::text[])',
        [ids.map((x) => x.i)],
      );
      expect(stored).toHaveLength(5);
    });

    it('gives undefined to an invitation for a member who does not exist, and stores the rest', async () => {
      const good = id('good');
      const [a, b] = await Promise.all([
        repo.createForMember(invite(id('ghost'), 'M9999')),
        repo.createForMember(invite(good, 'M1001')),
      ]);
      expect(a).toBeUndefined();
      expect(b?.inviteId).toBe(good);
    });

    it('fails only the caller whose row breaks a constraint', async () => {
      const taken = id('taken');
      await repo.createForMember(invite(taken, 'M1001'));
      const fine = [id('fine1'), id('fine2')];
      const results = await Promise.allSettled([
        repo.createForMember(invite(fine[0] as string, 'M1002')),
        repo.createForMember(invite(taken, 'M1003')), // the primary key is used already
        repo.createForMember(invite(fine[1] as string, 'M1004')),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      const stored = await db.query<{ invite_id: string; user_id: string }>(
        'SELECT invite_id, user_id FROM invitations WHERE invite_id = ANY($1::text[]) ORDER BY invite_id',
        [[taken, ...fine]],
      );
      expect(stored.find((r) => r.invite_id === taken)?.user_id).toBe('M1001');
      expect(stored).toHaveLength(3);
    });

    it('keeps the createdAt a caller gives', async () => {
      const at = new Date('2026-01-02T03:04:05.000Z');
      const record = await repo.createForMember({ ...invite(id('dated'), 'M1001'), createdAt: at });
      expect(record?.createdAt.toISOString()).toBe(at.toISOString());
    });

    it('marks concurrent reports shown, each once, and only for the invitation’s own member', async () => {
      const one = id('show1');
      const two = id('show2');
      await Promise.all([
        repo.createForMember(invite(one, 'M1001')),
        repo.createForMember(invite(two, 'M1002')),
      ]);
      const [first, again, stranger, other] = await Promise.all([
        repo.markShown(one, 'M1001'),
        repo.markShown(one, 'M1001'), // a second tab reporting the same invitation
        repo.markShown(two, 'M1001'), // not his
        repo.markShown(two, 'M1002'),
      ]);
      expect(first?.status).toBe('shown');
      expect(first?.inviteId).toBe(one);
      expect(again).toBeUndefined();
      expect(stranger).toBeUndefined();
      expect(other?.inviteId).toBe(two);
      expect(other?.userId).toBe('M1002');
      expect(await repo.markShown(one, 'M1001')).toBeUndefined();
    });

    it('writes an invitation shown in its INSERT when the report comes before the statement went out', async () => {
      const sqls: string[] = [];
      const counted = invitationsRepository({
        ...db,
        query: (sql, params, options) => {
          sqls.push(sql);
          return db.query(sql, params, options);
        },
      });
      const one = id('early1');
      const two = id('early2');
      const created = [
        counted.createForMember(invite(one, 'M1001')),
        counted.createForMember(invite(two, 'M1002')),
      ];
      expect(counted.isQueued(one)).toBe(true);
      const [first, again] = await Promise.all([
        counted.markShown(one, 'M1001'),
        counted.markShown(one, 'M1001'), // a second tab: reported once
      ]);
      await Promise.all(created);
      expect(counted.isQueued(one)).toBe(false);
      expect(first).toMatchObject({ inviteId: one, userId: 'M1001', anchorId: 'A2001', status: 'shown' });
      expect(typeof first?.memberNickname).toBe('string');
      expect(again).toBeUndefined();
      // One INSERT for both, and no UPDATE.
      expect(sqls).toHaveLength(1);
      expect(sqls[0]).toContain('INSERT INTO invitations');
      const rows = await db.query<{ invite_id: string; status: string; shown_at: unknown }>(
        'SELECT invite_id, status, shown_at FROM invitations WHERE invite_id = ANY($1::text[]) ORDER BY invite_id',
        [[one, two]],
      );
      expect(rows.find((r) => r.invite_id === one)).toMatchObject({ status: 'shown' });
      expect(rows.find((r) => r.invite_id === one)?.shown_at).not.toBeNull();
      expect(rows.find((r) => r.invite_id === two)).toMatchObject({ status: 'sent', shown_at: null });
      // Shown already: a later report changes nothing.
      expect(await counted.markShown(one, 'M1001')).toBeUndefined();
      expect((await counted.markShown(two, 'M1002'))?.status).toBe('shown');
      // Another member's report of a queued invitation shows nothing.
      const three = id('early3');
      const third = counted.createForMember(invite(three, 'M1003'));
      expect(await counted.markShown(three, 'M1001')).toBeUndefined();
      expect((await third)?.status).toBe('sent');
      expect((await counted.markShown(three, 'M1003'))?.status).toBe('shown');
    });
  });
}

batchChecks('PGlite', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'glimmer-batches-'));
  const db = await openDatabase({ dataDir: dir });
  return {
    db,
    async close() {
      await db.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});

batchChecks('PostgreSQL', async () => {
  const name = `glimmer_batch_${randomBytes(6).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  const db = await openDatabase({ dataDir: 'unused', databaseUrl: ADMIN_URL.replace(/\/test$/, `/${name}`) });
  return {
    db,
    async close() {
      await db.close();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
});
