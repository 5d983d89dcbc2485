/**
 * Where flower and gift orders are delivered. A real florist network would implement
 * DeliveryProvider (told of each order placed or cancelled, and reporting progress back through
 * FlowerService.advance). The local stand-in records nothing outside: an operator with the
 * `deliveries` role moves each order on in the operator console. It is on outside production
 * (FLOWER_DELIVERY_STAND_IN in server/config.ts), like the payments' test provider.
 */
import { portraitUrl } from '../../media/urls';

export interface DeliveryOrder {
  orderId: string;
  anchorId: string;
}

export interface DeliveryProvider {
  readonly name: string;
  /** An operator may move orders on by hand (only the local stand-in). */
  readonly manual: boolean;
  placed(order: DeliveryOrder): Promise<void>;
  cancelled(order: DeliveryOrder): Promise<void>;
  /** The thank-you photo used when the operator gives none. */
  defaultPhoto(order: DeliveryOrder): string;
}

export class LocalDeliveryStandIn implements DeliveryProvider {
  readonly name = 'local-stand-in';
  readonly manual = true;
  async placed(): Promise<void> {}
  async cancelled(): Promise<void> {}
  /** Her locally drawn portrait stands in for the photo she takes with the flowers. */
  defaultPhoto(order: DeliveryOrder): string {
    return portraitUrl(order.anchorId);
  }
}

/** No provider configured (production without a florist network): orders wait as 'ordered'. */
export class NoDeliveryProvider implements DeliveryProvider {
  readonly name = 'none';
  readonly manual = false;
  async placed(): Promise<void> {}
  async cancelled(): Promise<void> {}
  defaultPhoto(): string {
    return '';
  }
}
