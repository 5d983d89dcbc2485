/**
 * Intimacy grows from every paid or warm interaction a member has with a broadcaster (the
 * experience table is INTIMACY_GAIN in protocol/messages/messages.ts): minutes in her rooms (the
 * live rooms' tick reports them, see server/features/live), live chat minutes, letters, gifts, a
 * ticket to her show, a Say Hi she answers; messages add theirs in their own transaction
 * (server/features/messages). Features get `earn` from the composition root (server/services.ts),
 * so none of them imports another. Each interaction is awarded under its own key, so it counts
 * once whoever reports it and however often (intimacy-repository.ts). When his level goes up he is
 * told on the socket (INTIMACY_LEVEL_UP_ROUTE), with the new level.
 */
import { ROOM_TYPE_HANGOUT } from '../../../protocol/hangouts/hangout';
import { ROOM_TYPE_PREMIUM, ROOM_TYPE_PUBLIC } from '../../../protocol/live/live';
import {
  INTIMACY_GAIN,
  INTIMACY_LEVEL_UP_ROUTE,
  type IntimacyLevelUpNotice,
  type IntimacySource,
  intimacyLevel,
  WATCH_MIN_MINUTES,
} from '../../../protocol/messages/messages';
import type { Notifier } from '../../realtime/deliver';
import type { Db } from '../../storage/contract';
import { type IntimacyRepository, intimacyRepository } from './intimacy-repository';

export interface IntimacyEarning {
  memberId: string;
  anchorId: string;
  source: IntimacySource;
  /** The interaction: the same key is counted once (a room visit's key counts its minutes so far). */
  key: string;
  /** How many of the source's units the interaction holds so far (minutes); 1 by default. */
  units?: number;
}

/** What a feature calls when a member did something with her that earns Intimacy. Never throws. */
export type EarnIntimacy = (earning: IntimacyEarning) => Promise<void>;

/**
 * What `minutes` whole minutes in one of her rooms earn: the source by room type and price, and
 * the units (free rooms count only once he stayed WATCH_MIN_MINUTES).
 */
export function roomEarning(
  roomType: number,
  rate: number,
  minutes: number,
): { source: IntimacySource; units: number } {
  const whole = Math.max(0, Math.floor(minutes));
  if (roomType === ROOM_TYPE_HANGOUT) return { source: 'hangoutMinute', units: whole };
  if (roomType !== ROOM_TYPE_PUBLIC && roomType !== ROOM_TYPE_PREMIUM)
    return { source: 'oneOnOneMinute', units: whole };
  if (rate > 0) return { source: 'premiumRoomMinute', units: whole };
  return { source: 'freeRoomMinute', units: whole >= WATCH_MIN_MINUTES ? whole : 0 };
}

export class IntimacyService {
  private readonly repo: IntimacyRepository;

  constructor(
    db: Db,
    private readonly notifier: Notifier,
    private readonly log: (message: string, error?: unknown) => void = () => {},
  ) {
    this.repo = intimacyRepository(db);
  }

  /** Awards an interaction (see IntimacyEarning); a failure is logged, never passed to the caller's action. */
  readonly earn: EarnIntimacy = async (e) => {
    const units = e.units ?? 1;
    if (units <= 0 || !e.memberId || !e.anchorId) return;
    try {
      const experience = INTIMACY_GAIN[e.source] * units;
      const { before, after } = await this.repo.award(e.memberId, e.anchorId, e.key, e.source, experience);
      const level = intimacyLevel(after);
      if (level > intimacyLevel(before)) await this.levelUp(e.memberId, e.anchorId, level, after);
    } catch (error) {
      this.log(`intimacy: award ${e.key} failed`, error);
    }
  };

  private async levelUp(memberId: string, anchorId: string, level: number, experience: number) {
    const card = await this.repo.anchorCard(anchorId);
    const notice: IntimacyLevelUpNotice = {
      anchor_id: anchorId,
      anchor_nickname: card?.nickname ?? '',
      anchor_avatar: card?.photourl ?? '',
      intimacy: level,
      intimacy_experience: experience,
    };
    await this.notifier.deliver(memberId, INTIMACY_LEVEL_UP_ROUTE, notice);
  }
}
