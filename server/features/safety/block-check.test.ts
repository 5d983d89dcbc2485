/**
 * The block check on an invitation's path: a member who blocks nobody costs no query of his own
 * (the set of members who block anyone is read once per TTL), one who blocks someone is checked
 * exactly, and a change is seen at once.
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '../../storage/contract';
import { BLOCK_CACHE_TTL_MS, blockCheck } from './block-check';

/** A database holding these (member, broadcaster) blocks, counting the statements it answers. */
function fakeDb(blocks: [string, string][]) {
  const sqls: string[] = [];
  const db = {
    driver: 'pglite',
    async query(sql: string, params?: unknown[]) {
      sqls.push(sql);
      if (sql.includes('DISTINCT member_id'))
        return [...new Set(blocks.map(([m]) => m))].map((m) => ({ member_id: m }));
      if (sql.includes('WHERE member_id = $1'))
        return blocks.filter(([m]) => m === params?.[0]).map(([, a]) => ({ anchor_id: a }));
      throw new Error(`unexpected ${sql}`);
    },
  } as unknown as Db;
  return { db, sqls, blocks };
}

describe('block check', () => {
  it('reads the blockers once for many members, and checks a blocker exactly', async () => {
    const { db, sqls } = fakeDb([['M1', 'A1']]);
    const check = blockCheck(db);
    const answers = await Promise.all(['M2', 'M3', 'M4', 'M5', 'M1'].map((m) => check.blocks(m, 'A1')));
    expect(answers).toEqual([false, false, false, false, true]);
    expect(await check.blocks('M1', 'A2')).toBe(false);
    expect(await check.blocks('M6', 'A1')).toBe(false);
    // One read of the blockers, one of M1's own blocks (kept for the second question).
    expect(sqls).toHaveLength(2);
  });

  it('sees a block made here at once, and one made elsewhere once the TTL has passed', async () => {
    let clock = 1_000;
    const fake = fakeDb([]);
    const check = blockCheck(fake.db, () => clock);
    expect(await check.blocks('M1', 'A1')).toBe(false);
    fake.blocks.push(['M1', 'A1']);
    await check.changed('M1');
    expect(await check.blocks('M1', 'A1')).toBe(true);
    // Another process's block whose bus message was lost: seen once the TTL has passed.
    expect(await check.blocks('M2', 'A1')).toBe(false);
    fake.blocks.push(['M2', 'A1']);
    clock += BLOCK_CACHE_TTL_MS;
    expect(await check.blocks('M2', 'A1')).toBe(true);
  });
});
