import { describe, expect, it } from 'vitest';
import type { AnchorPriv, MemberPriv } from '../../../protocol/types';
import { type ProfileFacts, profileButtons } from './profile-actions';

const member = (p: Partial<MemberPriv> = {}) => ({ public: 1, oneonone: 1, hangout: 1, ...p }) as MemberPriv;
const priv = (p: Partial<AnchorPriv> = {}) => ({ oneonone: 0, booking: 0, hangout: 0, ...p }) as AnchorPriv;

function anchor(
  state: 'offline' | 'online' | 'live-public' | 'live-private',
  p: Partial<AnchorPriv> = {},
): ProfileFacts {
  const online = state !== 'offline';
  const live = state === 'live-public' || state === 'live-private';
  return {
    online_status: online ? 2 : 0,
    is_online: online ? 1 : 0,
    is_live: live ? 1 : 0,
    room_type: state === 'live-public' ? 1 : state === 'live-private' ? 2 : 0,
    anchor_info: { is_live: live ? 1 : 0, priv: priv(p) },
  };
}

describe('profileButtons: the spec table', () => {
  it('online: Chat Now only when neither One-on-One nor Hang-out is shared', () => {
    expect(profileButtons(anchor('online'), member())).toEqual({
      state: 'online',
      actions: ['chat-now'],
      liveBadge: false,
      locked: [],
    });
  });

  it('online: plus Invite One-on-One when the member and the broadcaster both hold it', () => {
    expect(profileButtons(anchor('online', { oneonone: 1 }), member()).actions).toEqual([
      'chat-now',
      'invite-one-on-one',
    ]);
    expect(profileButtons(anchor('online', { oneonone: 1 }), member({ oneonone: 0 })).actions).toEqual([
      'chat-now',
    ]);
  });

  it('online: plus Hang-out when both hold the hang-out privilege', () => {
    expect(profileButtons(anchor('online', { oneonone: 1, hangout: 1 }), member()).actions).toEqual([
      'chat-now',
      'invite-one-on-one',
      'hang-out',
    ]);
    expect(profileButtons(anchor('online', { hangout: 1 }), member({ hangout: 0 })).actions).toEqual([
      'chat-now',
    ]);
  });

  it('live in a public room with the public privilege: Watch Now and the Live badge', () => {
    expect(profileButtons(anchor('live-public', { oneonone: 1, booking: 1 }), member())).toEqual({
      state: 'live',
      actions: ['watch-now'],
      liveBadge: true,
      locked: [],
    });
    const room3 = { ...anchor('live-public'), room_type: 3 };
    expect(profileButtons(room3, member()).actions).toEqual(['watch-now']);
  });

  it('live but not watchable by this member: the online row', () => {
    expect(profileButtons(anchor('live-public'), member({ public: 0 })).state).toBe('online');
    expect(profileButtons(anchor('live-private', { oneonone: 1 }), member())).toEqual({
      state: 'online',
      actions: ['chat-now', 'invite-one-on-one'],
      liveBadge: false,
      locked: [],
    });
  });

  it('offline with the booking privilege: Book One-on-One', () => {
    expect(profileButtons(anchor('offline', { booking: 1, oneonone: 1 }), member())).toEqual({
      state: 'offline',
      actions: ['book-one-on-one'],
      liveBadge: false,
      locked: [],
    });
  });

  it('offline without booking: Send Mail', () => {
    expect(profileButtons(anchor('offline', { oneonone: 1, hangout: 1 }), member()).actions).toEqual([
      'send-mail',
    ]);
  });
});

describe('profileButtons: what she offers but his account does not', () => {
  it('names Invite One-on-One as locked for a member without the One-on-One privilege', () => {
    const free = profileButtons(anchor('online', { oneonone: 1 }), member({ oneonone: 0 }));
    expect(free.actions).toEqual(['chat-now']);
    expect(free.locked).toEqual(['invite-one-on-one']);
    expect(profileButtons(anchor('online', { oneonone: 1 }), member()).locked).toEqual([]);
  });

  it('offers Send Mail and names Book One-on-One as locked when he cannot book her', () => {
    const free = profileButtons(anchor('offline', { booking: 1 }), member({ oneonone: 0 }));
    expect(free).toMatchObject({ actions: ['send-mail'], locked: ['book-one-on-one'] });
    expect(profileButtons(anchor('offline', { booking: 1 }), member()).actions).toEqual(['book-one-on-one']);
  });
});
