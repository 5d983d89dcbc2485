import { describe, expect, it } from 'vitest';
import { Batcher } from './batcher';

/** A fake statement: records the batches it got; items named 'bad' make the statement fail. */
function fakeStatement() {
  const batches: string[][] = [];
  const run = async (items: string[]) => {
    batches.push([...items]);
    if (items.includes('bad')) throw new Error('constraint violated');
    return items.map((item) => `stored ${item}`);
  };
  return { batches, runMany: run, runOne: async (item: string) => (await run([item]))[0] as string };
}

describe('Batcher', () => {
  it('sends concurrent calls as one statement and answers each caller its own result', async () => {
    const s = fakeStatement();
    const batcher = new Batcher(s.runMany, s.runOne);
    const answers = await Promise.all(['a', 'b', 'c'].map((x) => batcher.run(x)));
    expect(answers).toEqual(['stored a', 'stored b', 'stored c']);
    expect(s.batches).toEqual([['a', 'b', 'c']]);
  });

  it('queues calls made while a batch runs and sends them together next', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const batches: string[][] = [];
    const batcher = new Batcher(
      async (items: string[]) => {
        batches.push(items);
        await gate;
        return items;
      },
      async (item: string) => {
        batches.push([item]);
        await gate;
        return item;
      },
    );
    const first = batcher.run('a');
    await new Promise((resolve) => setImmediate(resolve));
    const later = [batcher.run('b'), batcher.run('c')];
    release();
    expect(await Promise.all([first, ...later])).toEqual(['a', 'b', 'c']);
    expect(batches).toEqual([['a'], ['b', 'c']]);
  });

  it('fails only the caller whose row failed, and stores the others', async () => {
    const s = fakeStatement();
    const batcher = new Batcher(s.runMany, s.runOne);
    const results = await Promise.allSettled(['a', 'bad', 'c'].map((x) => batcher.run(x)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[0] as PromiseFulfilledResult<string>).value).toBe('stored a');
    expect((results[1] as PromiseRejectedResult).reason.message).toBe('constraint violated');
    expect((results[2] as PromiseFulfilledResult<string>).value).toBe('stored c');
    // The batch, then each row on its own.
    expect(s.batches).toEqual([['a', 'bad', 'c'], ['a'], ['bad'], ['c']]);
  });

  it('keeps at most `max` rows per statement', async () => {
    const s = fakeStatement();
    const batcher = new Batcher(s.runMany, s.runOne, 2);
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map((x) => batcher.run(x)));
    expect(s.batches).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });

  it('with gatherMs, a call to an idle batcher waits that long for company', async () => {
    const alone = fakeStatement();
    const together = fakeStatement();
    const immediate = new Batcher(alone.runMany, alone.runOne);
    const gathering = new Batcher(together.runMany, together.runOne, 256, 40);
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const calls = async (batcher: Batcher<string, string>) => {
      const first = batcher.run('a');
      await sleep(10);
      return Promise.all([first, batcher.run('b')]);
    };
    expect(await calls(immediate)).toEqual(['stored a', 'stored b']);
    expect(await calls(gathering)).toEqual(['stored a', 'stored b']);
    expect(alone.batches).toEqual([['a'], ['b']]);
    expect(together.batches).toEqual([['a', 'b']]);
  });

  it('with gatherMs, starts statements at most that often: calls that queued behind one gather more', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const batches: string[][] = [];
    const statement = async (items: string[]) => {
      batches.push(items);
      if (items.includes('a')) await gate;
      return items;
    };
    const batcher = new Batcher(
      statement,
      async (item: string) => (await statement([item]))[0] as string,
      256,
      60,
    );
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const a = batcher.run('a');
    await expect.poll(() => batches.length, { interval: 2 }).toBe(1);
    const b = batcher.run('b');
    await sleep(5);
    release();
    await a;
    // The statement after 'a' waits for 60 ms after 'a' started: 'c', sent meanwhile, goes with 'b'.
    await sleep(20);
    const c = batcher.run('c');
    expect(await Promise.all([b, c])).toEqual(['b', 'c']);
    expect(batches).toEqual([['a'], ['b', 'c']]);
  });

  it('goes on after a failed batch', async () => {
    const s = fakeStatement();
    const batcher = new Batcher(s.runMany, s.runOne);
    await expect(batcher.run('bad')).rejects.toThrow('constraint violated');
    expect(await batcher.run('next')).toBe('stored next');
  });
});
