import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { iceServersFor } from './ice';

const config = {
  iceUrls: ['stun:stun.example.org:3478', 'turn:turn.example.org:3478?transport=udp'],
  turnSecret: 'shared-secret',
  turnTtlS: 3600,
};

describe('iceServersFor', () => {
  it('gives STUN as it is and TURN with a credential that expires (the TURN REST convention)', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    const [stun, turn] = iceServersFor('M1001', config, now);
    expect(stun).toEqual({ urls: ['stun:stun.example.org:3478'] });
    const expires = now / 1000 + 3600;
    expect(turn?.username).toBe(`${expires}:M1001`);
    // What coturn computes from its static-auth-secret: the same HMAC, so it lets the browser relay.
    expect(turn?.credential).toBe(
      createHmac('sha1', 'shared-secret').update(`${expires}:M1001`).digest('base64'),
    );
  });

  it('offers no TURN without a secret: an unauthenticated relay would be open to anyone', () => {
    expect(iceServersFor('M1001', { ...config, turnSecret: '' })).toEqual([
      { urls: ['stun:stun.example.org:3478'] },
    ]);
  });
});
