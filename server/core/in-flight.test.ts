import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { InFlight } from './in-flight';

describe('InFlight', () => {
  it('keeps, replaces, counts and forgets entries by key', () => {
    const table = new InFlight<string>();
    table.set('a', 'one');
    table.set('b', 'two');
    table.set('a', 'uno');
    expect(table.size).toBe(2);
    expect(table.get('a')).toBe('uno');
    expect(table.has('b')).toBe(true);
    expect(table.delete('b')).toBe(true);
    expect(table.delete('b')).toBe(false);
    expect(table.has('b')).toBe(false);
    expect(table.get('b')).toBeUndefined();
    expect(table.size).toBe(1);
  });

  it('takes keys that an object would trip on, and numbers as their strings', () => {
    const table = new InFlight<number>();
    table.set('__proto__', 1);
    table.set('constructor', 2);
    table.set(7, 3);
    expect(table.get('__proto__')).toBe(1);
    expect(table.get('constructor')).toBe(2);
    expect(table.get('7')).toBe(3);
    expect(table.has('toString')).toBe(false);
    expect(table.size).toBe(3);
  });

  it('drains every entry at once and is empty after', () => {
    const table = new InFlight<number>();
    for (let i = 0; i < 5; i++) table.set(`k${i}`, i);
    expect(table.drain().sort()).toEqual([0, 1, 2, 3, 4]);
    expect(table.size).toBe(0);
    expect(table.get('k1')).toBeUndefined();
  });

  // The reason it exists: entries that passed through a long-lived Map are promoted by young
  // collections (V8 11); through this table they die young. Measured in a child with --expose-gc.
  it('lets what passed through it die in young collections, where a long-lived Map keeps it', () => {
    const module = fileURLToPath(new URL('./in-flight.ts', import.meta.url));
    const script = `
      const { InFlight } = await import(${JSON.stringify(module)});
      const { getHeapSpaceStatistics } = await import('node:v8');
      const oldUsed = () => getHeapSpaceStatistics().find((s) => s.space_name === 'old_space').space_used_size;
      function promotedThrough(table) {
        // Its storage is old, as a server's is by the time load comes.
        table.set('warm', {});
        table.delete('warm');
        gc();
        gc();
        const before = oldUsed();
        const live = [];
        for (let n = 0; n < 4000; n++) {
          const key = 'k' + n;
          table.set(key, { payload: new Array(100).fill(n) });
          live.push(key);
          if (live.length > 10) table.delete(live.shift());
          if (n % 200 === 199) gc({ type: 'minor' });
        }
        return oldUsed() - before;
      }
      console.log(JSON.stringify({ map: promotedThrough(new Map()), inFlight: promotedThrough(new InFlight()) }));
    `;
    const out = execFileSync(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', '--input-type=module', '--eval', script],
      { encoding: 'utf8' },
    );
    const { map, inFlight } = JSON.parse(out) as { map: number; inFlight: number };
    // 4,000 entries of about 0.9 KB passed through each; 10 were alive at any time.
    expect(inFlight, `promoted through InFlight: ${inFlight} B, through a Map: ${map} B`).toBeLessThan(
      512 * 1024,
    );
    expect(map).toBeGreaterThan(4 * inFlight);
  });
});
