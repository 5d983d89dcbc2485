/**
 * The call center: what the call service asks of telephony, and the local stand-in. The service
 * keeps the call's state machine (call-flow.ts); a center only rings legs, bridges them, hangs them
 * up and reports what each leg does. A Twilio adapter fits the same shape: ring = an outbound call
 * whose TwiML gathers the press of 1 when `gather` is set, bridge = a conference, the events =
 * Twilio's status and gather callbacks.
 */
import { randomBytes } from 'node:crypto';
import type { StandInPhone } from '../../../protocol/call-service/call-service';

export type LegRole = 'member' | 'anchor' | 'translator';

export interface LegRequest {
  callId: string;
  role: LegRole;
  /** Whose phone (a user id, or 'translator'); for the stand-in's pages. */
  owner: string;
  /** The number to ring (+<area><number>); never leaves the server side. */
  number: string;
  /** Ask for the press of 1 once answered (his leg). */
  gather: boolean;
}

export type LegEvent =
  | { kind: 'answered'; callId: string; legId: string; role: LegRole }
  | { kind: 'pressed'; callId: string; legId: string; role: LegRole; digit: string }
  | {
      kind: 'ended';
      callId: string;
      legId: string;
      role: LegRole;
      reason: 'completed' | 'no-answer' | 'failed';
    };

export interface CallCenter {
  /** Rings a phone; answers its leg id. Throws when the leg cannot be placed. */
  ring(leg: LegRequest): Promise<string>;
  /** Joins the answered legs of a call. */
  bridge(callId: string): Promise<void>;
  /** Hangs up every leg of a call (no event follows for legs it ends). */
  hangUp(callId: string): Promise<void>;
  /** Where leg events go (one listener: the call flow). */
  onEvent(listener: (event: LegEvent) => Promise<void>): void;
}

interface StandInLeg extends Omit<StandInPhone, 'bridged'> {
  gather: boolean;
}

/**
 * The local stand-in: every leg is a phone that rings until its page answers it, takes key presses
 * and hangs up. Its state machine is a phone's; the operator console's phone pages drive it through
 * the dev routes (stand-in-routes.ts), tests through these methods. Once a call is bridged, its
 * phone pages talk through the SFU (stand-in-audio.ts).
 */
export class LocalCallCenter implements CallCenter {
  private readonly legs = new Map<string, StandInLeg>();
  private listener: (event: LegEvent) => Promise<void> = async () => undefined;
  private readonly endListeners: ((legId: string) => void)[] = [];
  readonly bridged = new Set<string>();

  onEvent(listener: (event: LegEvent) => Promise<void>): void {
    this.listener = listener;
  }

  async ring(leg: LegRequest): Promise<string> {
    if (!/^\+\d{5,19}$/.test(leg.number)) throw new Error('call center: not a phone number');
    const legId = `L${randomBytes(8).toString('hex')}`;
    this.legs.set(legId, {
      leg_id: legId,
      call_id: leg.callId,
      role: leg.role,
      owner: leg.owner,
      state: 'ringing',
      pressed: '',
      gather: leg.gather,
    });
    return legId;
  }

  async bridge(callId: string): Promise<void> {
    this.bridged.add(callId);
  }

  async hangUp(callId: string): Promise<void> {
    for (const leg of this.legs.values()) if (leg.call_id === callId) this.endLeg(leg);
    this.bridged.delete(callId);
    this.prune();
  }

  /** Told of every leg that ends, whoever ends it (the phones' audio closes with it). */
  onLegEnded(listener: (legId: string) => void): void {
    this.endListeners.push(listener);
  }

  /** The phones that ring or are answered (its pages list them). */
  phones(): StandInPhone[] {
    return [...this.legs.values()]
      .filter((l) => l.state !== 'ended')
      .map(({ gather: _gather, ...phone }) => ({
        ...phone,
        bridged: this.bridged.has(phone.call_id) ? 1 : 0,
      }));
  }

  /** A phone that rings or is answered, by its leg id. */
  phone(legId: string): StandInPhone | undefined {
    return this.phones().find((p) => p.leg_id === legId);
  }

  /** The phone of `owner` in a call, if it rings or is answered. */
  phoneOf(owner: string): StandInPhone | undefined {
    return this.phones().find((p) => p.owner === owner);
  }

  /** Answers a ringing phone; false when it does not ring. */
  async answer(legId: string): Promise<boolean> {
    const leg = this.legs.get(legId);
    if (leg?.state !== 'ringing') return false;
    leg.state = 'answered';
    await this.listener({ kind: 'answered', callId: leg.call_id, legId, role: leg.role });
    return true;
  }

  /** A key pressed on an answered phone; false when it is not answered. */
  async press(legId: string, digit: string): Promise<boolean> {
    const leg = this.legs.get(legId);
    if (leg?.state !== 'answered') return false;
    leg.pressed += digit;
    if (leg.gather)
      await this.listener({ kind: 'pressed', callId: leg.call_id, legId, role: leg.role, digit });
    return true;
  }

  /** Hangs a phone up (a ringing one is declined: no-answer); false when it has ended already. */
  async hangUpLeg(legId: string): Promise<boolean> {
    const leg = this.legs.get(legId);
    if (!leg || leg.state === 'ended') return false;
    const reason = leg.state === 'ringing' ? 'no-answer' : 'completed';
    this.endLeg(leg);
    await this.listener({ kind: 'ended', callId: leg.call_id, legId, role: leg.role, reason });
    return true;
  }

  private endLeg(leg: StandInLeg): void {
    if (leg.state === 'ended') return;
    leg.state = 'ended';
    for (const listener of this.endListeners) listener(leg.leg_id);
  }

  private prune(): void {
    if (this.legs.size < 500) return;
    for (const [id, leg] of this.legs) if (leg.state === 'ended') this.legs.delete(id);
  }
}
