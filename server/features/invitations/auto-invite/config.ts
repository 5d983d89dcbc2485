/**
 * The engine's timings: the spec's values (protocol AUTO_INVITE) by default; AUTO_INVITE=0 turns
 * the engine off and AUTO_INVITE_SPEED divides every time, so a demo or a test runs in seconds.
 */
import { AUTO_INVITE } from '../../../../protocol/realtime';

export interface AutoInviteTimings {
  idleMs: number;
  spacingMinMs: number;
  spacingMaxMs: number;
  /** Invitations per round; rounds repeat in this order while the member stays idle. */
  perSiteQuantity: readonly number[];
  /** The wait after each round before the next one. */
  perSiteWaitMs: readonly number[];
  usedListMax: number;
  usedListResetMs: number;
  sameAnchorMs: number;
}

export interface AutoInviteConfig extends AutoInviteTimings {
  enabled: boolean;
  /** Seeds the engine's random source (tests); undefined uses Math.random. */
  seed?: number;
  /**
   * The member's cap (InviteGate, protocol/notices INVITE_CAP) at this speed (AUTO_INVITE_SPEED: its
   * window shrinks with the engines' timings). Absent: the spec's pace alone (tests of that pace).
   */
  capSpeed?: number;
}

export function autoInviteConfig(enabled: boolean, speed = 1, seed?: number): AutoInviteConfig {
  const scale = (ms: number) => Math.max(1, Math.round(ms / speed));
  return {
    enabled,
    seed,
    capSpeed: speed,
    idleMs: scale(AUTO_INVITE.idleMs),
    spacingMinMs: scale(AUTO_INVITE.spacingMinMs),
    spacingMaxMs: scale(AUTO_INVITE.spacingMaxMs),
    perSiteQuantity: [...AUTO_INVITE.perSiteQuantity],
    perSiteWaitMs: AUTO_INVITE.perSiteWaitMs.map(scale),
    usedListMax: AUTO_INVITE.usedListMax,
    usedListResetMs: scale(AUTO_INVITE.usedListResetMs),
    sameAnchorMs: scale(AUTO_INVITE.sameAnchorMs),
  };
}
