/**
 * A hang-out's friend slots and their statuses (spec 000 §4). Times come from the injected clock
 * and are acted on by `sweep`, which the service runs every second (tests move the clock and call
 * it), so a test never waits for a real 5 s.
 *
 *   start ─invite→ inviting ─knock→ knocking ─accept→ accept → countback (3 s) → living ─leave→ leaved
 *   start ─knock→ knocking (a friend may knock on her own)
 *   knocking ─refuse→ refuse (she is told knockRefuse)
 *   knocking ─30 s→ common (knockTimeout);  inviting ─60 s→ common (knockMiss)
 *   any status neither right nor start ─5 s→ start (anchor data and streams cleared)
 *
 * `invited` and `knocked` are not held by a slot: the spec counts neither as right, so a slot in
 * one would reset while the host decides. The invitation is out while the slot is inviting; a knock
 * waits in knocking.
 */
import {
  COUNTBACK_MS,
  type HangoutAnchor,
  type HangoutEndStatus,
  type HangoutSlot,
  HangoutStatus,
  type HangoutStatusCode,
  INVITE_TIMEOUT_MS,
  KNOCK_TIMEOUT_MS,
  RIGHT_STATUSES,
  SLOT_RESET_MS,
} from '../../../protocol/hangouts/hangout';

export interface SlotState {
  index: number;
  status: HangoutStatusCode;
  anchor: HangoutAnchor | null;
  end?: HangoutEndStatus;
  /** The invitation that holds an inviting slot. */
  inviteId?: string;
  /** When the clock moves this slot on by itself (a time-out, the countback, the reset). */
  due?: number;
}

/** One automatic step `sweep` took: the service closes streams and tells who needs telling. */
export interface SlotStep {
  slot: SlotState;
  from: HangoutStatusCode;
  anchorId: string | null;
}

export const isRight = (status: number) => RIGHT_STATUSES.includes(status);

export class SlotMachine {
  readonly slots: SlotState[];

  constructor(
    count: number,
    private readonly now: () => number,
  ) {
    this.slots = Array.from({ length: count }, (_, i) => ({
      index: i + 1,
      status: HangoutStatus.start,
      anchor: null,
    }));
  }

  /** Her slot while she is invited, knocking or on camera (not once her part ended). */
  of(anchorId: string): SlotState | undefined {
    return this.slots.find((s) => s.anchor?.anchor_id === anchorId && s.end === undefined);
  }

  living(): SlotState[] {
    return this.slots.filter((s) => s.status === HangoutStatus.living);
  }

  /** The host invites a friend into a free slot; undefined when none is free. */
  invite(anchor: HangoutAnchor, inviteId: string): SlotState | undefined {
    const slot = this.slots.find((s) => s.status === HangoutStatus.start);
    if (!slot) return undefined;
    this.set(slot, HangoutStatus.inviting, anchor, INVITE_TIMEOUT_MS);
    slot.inviteId = inviteId;
    return slot;
  }

  /** A friend knocks: the slot she was invited to, else a free one. */
  knock(anchor: HangoutAnchor): SlotState | undefined {
    const mine = this.of(anchor.anchor_id);
    const slot =
      mine?.status === HangoutStatus.inviting
        ? mine
        : this.slots.find((s) => s.status === HangoutStatus.start);
    if (!slot) return undefined;
    this.set(slot, HangoutStatus.knocking, anchor, KNOCK_TIMEOUT_MS);
    slot.inviteId = undefined;
    return slot;
  }

  /** The host lets her in: accept, then the countback to living. */
  accept(anchorId: string): SlotState | undefined {
    const slot = this.of(anchorId);
    if (slot?.status !== HangoutStatus.knocking && slot?.status !== HangoutStatus.accept) return undefined;
    this.set(slot, HangoutStatus.countback, slot.anchor, COUNTBACK_MS);
    return slot;
  }

  refuse(anchorId: string): SlotState | undefined {
    const slot = this.knockingOf(anchorId);
    if (!slot) return undefined;
    this.set(slot, HangoutStatus.refuse, slot.anchor, SLOT_RESET_MS, 'knockRefuse');
    return slot;
  }

  /** She leaves (or her camera went): her slot is leaved, then free. */
  leave(anchorId: string): SlotState | undefined {
    const slot = this.of(anchorId);
    if (!slot) return undefined;
    this.set(slot, HangoutStatus.leaved, slot.anchor, SLOT_RESET_MS, 'end');
    return slot;
  }

  /** Moves every slot whose time has come; returns the steps taken. */
  sweep(): SlotStep[] {
    const now = this.now();
    const steps: SlotStep[] = [];
    for (const slot of this.slots) {
      if (slot.due === undefined || slot.due > now) continue;
      const from = slot.status;
      const anchorId = slot.anchor?.anchor_id ?? null;
      if (from === HangoutStatus.countback) this.set(slot, HangoutStatus.living, slot.anchor);
      else if (from === HangoutStatus.knocking)
        this.set(slot, HangoutStatus.common, slot.anchor, SLOT_RESET_MS, 'knockTimeout');
      else if (from === HangoutStatus.inviting)
        this.set(slot, HangoutStatus.common, slot.anchor, SLOT_RESET_MS, 'knockMiss');
      else if (!isRight(from) && from !== HangoutStatus.start) this.reset(slot);
      else slot.due = undefined;
      steps.push({ slot, from, anchorId });
    }
    return steps;
  }

  /** Back to start: no anchor, no streams. */
  private reset(slot: SlotState) {
    slot.status = HangoutStatus.start;
    slot.anchor = null;
    slot.end = undefined;
    slot.inviteId = undefined;
    slot.due = undefined;
  }

  private set(
    slot: SlotState,
    status: HangoutStatusCode,
    anchor: HangoutAnchor | null,
    dueIn?: number,
    end?: HangoutEndStatus,
  ) {
    slot.status = status;
    slot.anchor = anchor;
    slot.end = end;
    slot.due = dueIn === undefined ? undefined : this.now() + dueIn;
  }

  private knockingOf(anchorId: string): SlotState | undefined {
    const slot = this.of(anchorId);
    return slot?.status === HangoutStatus.knocking ? slot : undefined;
  }
}

/** The slot as the spec's wire shape: her camera's id to watch while she is on camera. */
export function slotView(slot: SlotState, now: number): HangoutSlot {
  const data: HangoutSlot['status']['data'] = {};
  if (slot.end) data.end_status = slot.end;
  if (slot.status === HangoutStatus.countback && slot.due !== undefined)
    data.seconds = Math.max(0, Math.ceil((slot.due - now) / 1000));
  return {
    index: slot.index,
    status: { type: slot.status, data },
    anchorData: slot.anchor,
    url: slot.status === HangoutStatus.living && slot.anchor ? [slot.anchor.anchor_id] : [],
    flvUrl: [],
  };
}
