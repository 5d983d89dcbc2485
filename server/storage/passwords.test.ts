import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ARGON2_COST, hashPassword, needsRehash, verifyDummy, verifyPassword } from './passwords';

/** A hash in the format accounts were stored in before argon2id. */
function legacyScrypt(plain: string, N = 16384): string {
  const salt = Buffer.from('0123456789abcdef');
  const key = scryptSync(plain, salt, 32, { N, r: 8, p: 1 });
  return ['scrypt', N, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

describe('passwords', () => {
  it('hashes with argon2id at the recommended cost and a fresh salt each time', async () => {
    const first = await hashPassword('demo1234');
    const second = await hashPassword('demo1234');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(first).not.toBe(second);
    expect(needsRehash(first)).toBe(false);
  });

  it('verifies the right password and rejects a wrong one', async () => {
    const stored = await hashPassword('demo1234');
    expect(await verifyPassword('demo1234', stored)).toBe(true);
    expect(await verifyPassword('demo12345', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('still verifies the old scrypt hashes, and marks them and weaker argon2id for a rehash', async () => {
    const old = legacyScrypt('secret');
    expect(await verifyPassword('secret', old)).toBe(true);
    expect(await verifyPassword('secreT', old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
    const weak = await hashPassword('secret', { ...DEFAULT_ARGON2_COST, memoryCost: 4096 });
    expect(await verifyPassword('secret', weak)).toBe(true);
    expect(needsRehash(weak)).toBe(true);
  });

  it('rejects stored values that are not our hashes instead of throwing', async () => {
    for (const stored of [
      '',
      'plain',
      'scrypt$16384$8$1$$',
      'scrypt$3$8$1$c2FsdA$aGFzaGhhc2hoYXNoaGFzaA',
      'bcrypt$x',
      '$argon2id$v=19$m=19456,t=2,p=1$$',
      '$argon2id$v=19$m=99999999,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA',
    ]) {
      expect(await verifyPassword('demo1234', stored)).toBe(false);
    }
    expect(await verifyPassword('demo1234', 'scrypt$2147483648$8$1$c2FsdA$aGFzaGhhc2hoYXNoaGFzaA')).toBe(
      false,
    );
  });

  it('spends on an unknown account about what a real check spends', async () => {
    const stored = await hashPassword('demo1234');
    await verifyDummy('warm-up');
    const time = async (work: () => Promise<unknown>) => {
      const start = performance.now();
      await work();
      return performance.now() - start;
    };
    // Interleaved, so a busy moment on the machine weighs on both sides alike; medians, so one
    // stall (another process taking the core) does not decide it.
    const reals: number[] = [];
    const dummies: number[] = [];
    for (let i = 0; i < 7; i++) {
      reals.push(await time(() => verifyPassword('wrong', stored)));
      dummies.push(await time(() => verifyDummy('wrong')));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const real = median(reals);
    const dummy = median(dummies);
    expect(await verifyDummy('demo1234')).toBe(false);
    expect(dummy).toBeGreaterThan(real * 0.5);
    expect(dummy).toBeLessThan(real * 2);
  });
});
