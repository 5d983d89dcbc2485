import { describe, expect, it } from 'vitest';
import type { AnchorPriv, MemberPriv } from '../../../protocol/types';
import {
  cardActions,
  isLiveInPremiumRoom,
  isLiveInPublicRoom,
  isOnline,
  oneOnOneLocked,
  truncateNickname,
} from './anchor-rules';

const memberPriv = (p: Partial<MemberPriv> = {}) => ({ public: 1, oneonone: 1, ...p }) as MemberPriv;
const anchorPriv = (p: Partial<AnchorPriv> = {}) =>
  ({ oneonone: 1, booking: 0, hangout: 0, ...p }) as AnchorPriv;
const offline = { online_status: 0, is_online: 0 as const, is_live: 0 as const, room_type: 0 };
const online = { ...offline, online_status: 2, is_online: 1 as const };
const livePublic = { ...online, is_live: 1 as const, room_type: 1 };

describe('truncateNickname', () => {
  it('keeps nicknames of up to 18 characters', () => {
    expect(truncateNickname('Anna')).toBe('Anna');
    expect(truncateNickname('a'.repeat(18))).toBe('a'.repeat(18));
  });
  it('cuts longer ones to 15 plus an ellipsis', () => {
    expect(truncateNickname('a'.repeat(19))).toBe(`${'a'.repeat(15)}...`);
    expect(truncateNickname('Alexandra Konstantinova')).toBe('Alexandra Konst...');
  });
  it('counts characters, not UTF-16 units', () => {
    expect(truncateNickname('🌹'.repeat(18))).toBe('🌹'.repeat(18));
    expect(truncateNickname('🌹'.repeat(19))).toBe(`${'🌹'.repeat(15)}...`);
  });
});

describe('presence', () => {
  it('online_status 2 or is_online means online', () => {
    expect(isOnline(offline)).toBe(false);
    expect(isOnline({ ...offline, online_status: 2 })).toBe(true);
    expect(isOnline({ ...offline, is_online: 1 })).toBe(true);
  });
  it('only room types 1 and 3 are public rooms', () => {
    expect(isLiveInPublicRoom(livePublic)).toBe(true);
    expect(isLiveInPublicRoom({ ...livePublic, room_type: 3 })).toBe(true);
    expect(isLiveInPublicRoom({ ...livePublic, room_type: 2 })).toBe(false);
    expect(isLiveInPublicRoom({ ...livePublic, is_live: 0 })).toBe(false);
  });
});

describe('cardActions', () => {
  it('offers Watch Now for a public room when the member may watch', () => {
    expect(cardActions({ ...livePublic, priv: anchorPriv({ oneonone: 0 }) }, memberPriv())).toEqual([
      'watch-now',
    ]);
    expect(
      cardActions({ ...livePublic, priv: anchorPriv({ oneonone: 0 }) }, memberPriv({ public: 0 })),
    ).toEqual([]);
  });
  it('offers Invite One-on-One when both hold the privilege and she is online', () => {
    expect(cardActions({ ...online, priv: anchorPriv() }, memberPriv())).toEqual(['invite-one-on-one']);
    expect(cardActions({ ...online, priv: anchorPriv({ oneonone: 0 }) }, memberPriv())).toEqual([]);
    expect(cardActions({ ...online, priv: anchorPriv() }, memberPriv({ oneonone: 0 }))).toEqual([]);
    expect(cardActions({ ...offline, priv: anchorPriv() }, memberPriv())).toEqual([]);
  });
  it('offers both for a live broadcaster who takes One-on-One', () => {
    expect(cardActions({ ...livePublic, priv: anchorPriv() }, memberPriv())).toEqual([
      'watch-now',
      'invite-one-on-one',
    ]);
  });
});

describe('premium rooms', () => {
  it('are the live public rooms of room type 3, labelled with their price', () => {
    expect(isLiveInPremiumRoom({ ...livePublic, room_type: 3 })).toBe(true);
    expect(isLiveInPremiumRoom(livePublic)).toBe(false);
    expect(isLiveInPremiumRoom({ ...online, room_type: 3 })).toBe(false);
  });
});

describe('oneOnOneLocked', () => {
  it('tells a member without the privilege that she takes One-on-One invitations', () => {
    const her = { ...online, priv: anchorPriv({ oneonone: 1 }) };
    expect(oneOnOneLocked(her, memberPriv({ oneonone: 0 }))).toBe(true);
    expect(oneOnOneLocked(her, memberPriv())).toBe(false);
    expect(
      oneOnOneLocked({ ...offline, priv: anchorPriv({ oneonone: 1 }) }, memberPriv({ oneonone: 0 })),
    ).toBe(false);
    expect(
      oneOnOneLocked({ ...online, priv: anchorPriv({ oneonone: 0 }) }, memberPriv({ oneonone: 0 })),
    ).toBe(false);
  });
});
