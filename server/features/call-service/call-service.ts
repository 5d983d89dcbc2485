/** The call service as the composition root builds it: requests, call-me, the call flow, the center. */
import type { Notifier } from '../../realtime/deliver';
import type { Db } from '../../storage/contract';
import type { PhoneService } from '../phone';
import { type CallCenter, LocalCallCenter } from './call-center';
import { CallFlow } from './call-flow';
import { CallMe } from './call-me';
import { CallOrders } from './call-orders';

export interface CallServiceDeps {
  db: Db;
  phones: PhoneService;
  notifier: Notifier;
  blocks: (memberId: string, anchorId: string) => Promise<boolean>;
  /** The local stand-in (development tools, never production), else a real center or none. */
  center: CallCenter | undefined;
  now: () => number;
  tickMs: number;
  log?: (message: string, error: unknown) => void;
}

export class CallService {
  readonly orders: CallOrders;
  readonly callMe: CallMe;
  readonly flow: CallFlow;
  /** The local call center, when it is the center: its phones' dev routes drive it. */
  readonly standIn: LocalCallCenter | undefined;

  constructor(deps: CallServiceDeps) {
    this.orders = new CallOrders(deps);
    this.callMe = new CallMe(deps.db, deps.notifier, deps.now);
    this.flow = new CallFlow({ ...deps, orders: this.orders });
    this.standIn = deps.center instanceof LocalCallCenter ? deps.center : undefined;
  }

  close(): void {
    this.flow.close();
  }
}
