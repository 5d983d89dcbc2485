/**
 * Delivering an event to a user needs only the bus: every process that holds a socket of that
 * user hears it and sends it on. So domain services can get a Notifier before any socket exists.
 */
import type { Role } from '../../protocol/types';
import type { Bus } from '../bus';

export const DELIVER_CHANNEL = 'deliver';
export const KICKOFF_CHANNEL = 'kickoff';
/** A session ended (logout): every process forgets it (server/features/session/session-cache.ts). */
export const SESSION_ENDED_CHANNEL = 'session-ended';

/** What travels on SESSION_ENDED_CHANNEL: one session of the user, or all of them (a suspension). */
export interface SessionEnded {
  userid: string;
  idHash?: string;
}

export function isSessionEnded(message: unknown): message is SessionEnded {
  if (typeof message !== 'object' || message === null) return false;
  const m = message as Record<string, unknown>;
  return typeof m.userid === 'string' && (m.idHash === undefined || typeof m.idHash === 'string');
}

/** What travels on the bus for one event. */
export interface Delivery {
  userid: string;
  route: string;
  data: unknown;
  /** Connections that had it already (sent before the bus, see LocalSockets): skipped. */
  skip?: string[];
}

/** What travels on the bus when a login ends a user's other sessions. */
export interface Kickoff {
  userid: string;
  /** The id hash of the session that stays; sockets of every other session are kicked off. */
  keep: string;
}

/** What domain services use to reach users in real time (invitations build on this). */
export interface Notifier {
  /** `skip`: ids of connections that were sent it already (LocalSockets.sendNow). */
  deliver(userid: string, route: string, data: unknown, skip?: readonly string[]): Promise<void>;
  /** Sends imShare/kickoff to the user's sockets of other sessions, on every process, and closes them. */
  kickOthers(userid: string, keepSessionHash: string): Promise<void>;
}

export function busNotifier(bus: Bus): Notifier {
  return {
    async deliver(userid, route, data, skip) {
      const delivery: Delivery = { userid, route, data };
      if (skip && skip.length > 0) delivery.skip = [...skip];
      await bus.publish(DELIVER_CHANNEL, delivery);
    },
    async kickOthers(userid, keep) {
      await bus.publish(KICKOFF_CHANNEL, { userid, keep } satisfies Kickoff);
    },
  };
}

/**
 * This process's own sockets, reached without the bus: for an event that must not wait for
 * anything else (an instant invitation, sent before its row commits; see InvitationService).
 */
export interface LocalSockets {
  /**
   * Sends the event now to this process's sockets of `userid` logged in as `role`; answers the ids
   * of the connections it went to (to pass as `skip` when the event then goes over the bus).
   */
  sendNow(userid: string, role: Role, route: string, data: unknown): string[];
}

export function isKickoff(message: unknown): message is Kickoff {
  if (typeof message !== 'object' || message === null) return false;
  const m = message as Record<string, unknown>;
  return typeof m.userid === 'string' && typeof m.keep === 'string';
}

export function isDelivery(message: unknown): message is Delivery {
  if (typeof message !== 'object' || message === null) return false;
  const m = message as Record<string, unknown>;
  return typeof m.userid === 'string' && typeof m.route === 'string';
}
