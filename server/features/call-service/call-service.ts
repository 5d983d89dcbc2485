/** The call service as the composition root builds it: requests, call-me, the call flow, the center. */
import type { MakeCallAnswer } from '../../../protocol/call-service/call-service';
import type { Notifier } from '../../realtime/deliver';
import type { IceConfig } from '../../sfu/ice';
import type { Sfu } from '../../sfu/sfu';
import type { Db } from '../../storage/contract';
import type { PhoneService } from '../phone';
import { CallAnchors } from './call-anchors';
import { type CallCenter, LocalCallCenter } from './call-center';
import { CallFlow } from './call-flow';
import { CallMe } from './call-me';
import { CallOrders } from './call-orders';
import { StandInAudio } from './stand-in-audio';
import { TwilioCallCenter } from './twilio-center';

export interface CallServiceDeps {
  db: Db;
  phones: PhoneService;
  notifier: Notifier;
  blocks: (memberId: string, anchorId: string) => Promise<boolean>;
  /** The local stand-in (development tools, never production), else a real center or none. */
  center: CallCenter | undefined;
  /** The live rooms' SFU and ICE servers: the stand-in's phone pages talk through them. */
  sfu?: Sfu;
  ice?: IceConfig;
  now: () => number;
  tickMs: number;
  log?: (message: string, error: unknown) => void;
}

export class CallService {
  readonly orders: CallOrders;
  /** Who takes calls, and her call settings (hers alone). */
  readonly anchors: CallAnchors;
  readonly callMe: CallMe;
  readonly flow: CallFlow;
  /** The local call center, when it is the center: its phones' dev routes drive it. */
  readonly standIn: LocalCallCenter | undefined;
  /** The Twilio call center, when it is the center: its callbacks' routes drive it. */
  readonly twilio: TwilioCallCenter | undefined;
  /** Its phones' voices (with the stand-in and an SFU). */
  readonly standInAudio: StandInAudio | undefined;

  constructor(private readonly deps: CallServiceDeps) {
    this.orders = new CallOrders(deps);
    this.anchors = new CallAnchors(deps.db, deps.blocks);
    this.callMe = new CallMe(deps.db, deps.notifier, deps.now);
    this.flow = new CallFlow({ ...deps, orders: this.orders });
    this.standIn = deps.center instanceof LocalCallCenter ? deps.center : undefined;
    this.twilio = deps.center instanceof TwilioCallCenter ? deps.center : undefined;
    this.standInAudio =
      this.standIn && deps.sfu && deps.ice ? new StandInAudio(this.standIn, deps.sfu, deps.ice) : undefined;
  }

  /** She starts a call on his granted call-me authorization: the center rings him at once. */
  async callOnAuthorization(anchorId: string, authRef: string): Promise<MakeCallAnswer> {
    const { refNo, memberId } = await this.orders.openForAuthorization(anchorId, authRef);
    try {
      return await this.flow.makeCall(memberId, refNo, false);
    } catch (e) {
      // Not placed (his credit, his phone, the center): the request closes, nothing was charged.
      await this.orders.close(refNo, 'expired');
      throw e;
    }
  }

  /**
   * His account is deleted: his open requests close (a held fee refunded, as for any request that
   * expires), none can be accepted again, his messages go, and so do his call-me authorizations.
   * The requests themselves stay, bare, beside the ledger rows that name them.
   */
  async forgetMember(memberId: string): Promise<void> {
    const { db } = this.deps;
    const open = await db.query<{ ref_no: string }>(
      `SELECT ref_no FROM call_orders WHERE member_id = $1 AND status IN ('pending', 'accepted')`,
      [memberId],
    );
    for (const { ref_no } of open) await this.orders.close(ref_no, 'expired');
    await db.transaction(async (tx) => {
      await tx.query(
        `UPDATE call_orders SET message = '', status = CASE WHEN status = 'declined' THEN 'expired' ELSE status END
          WHERE member_id = $1`,
        [memberId],
      );
      await tx.query('DELETE FROM call_authorizations WHERE member_id = $1', [memberId]);
    });
  }

  close(): void {
    this.flow.close();
  }
}
