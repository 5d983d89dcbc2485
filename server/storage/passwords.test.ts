import { describe, expect, it } from 'vitest';
import { DEFAULT_SCRYPT_COST, hashPassword, needsRehash, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hashes in the scrypt$N$r$p$salt$hash format with a fresh salt each time', async () => {
    const first = await hashPassword('demo1234');
    const second = await hashPassword('demo1234');
    expect(first).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(first).not.toBe(second);
  });

  it('verifies the right password and rejects a wrong one', async () => {
    const stored = await hashPassword('demo1234');
    expect(await verifyPassword('demo1234', stored)).toBe(true);
    expect(await verifyPassword('demo12345', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('verifies hashes made with another cost, and says which need a rehash', async () => {
    const cheap = await hashPassword('secret', { N: 1024, r: 8, p: 1 });
    expect(await verifyPassword('secret', cheap)).toBe(true);
    expect(needsRehash(cheap)).toBe(true);
    expect(needsRehash(await hashPassword('secret', DEFAULT_SCRYPT_COST))).toBe(false);
  });

  it('rejects stored values that are not our hashes instead of throwing', async () => {
    for (const stored of [
      '',
      'plain',
      'scrypt$16384$8$1$$',
      'scrypt$3$8$1$c2FsdA$aGFzaGhhc2hoYXNoaGFzaA',
      'bcrypt$x',
    ]) {
      expect(await verifyPassword('demo1234', stored)).toBe(false);
    }
    expect(await verifyPassword('demo1234', 'scrypt$2147483648$8$1$c2FsdA$aGFzaGhhc2hoYXNoaGFzaA')).toBe(
      false,
    );
  });
});
