/** The cart's and checkout's offer lines: the price before, what is off and why (protocol/offers). */
import type { CartOffer } from '../../../protocol/flowers/flowers';
import { Price } from './FlowerNav';

export function OfferLine({ offer }: { offer: CartOffer }) {
  return (
    <>
      <dt>Price</dt>
      <dd className="flower-was">
        <Price amount={offer.total} testId="flower-original-total" />
      </dd>
      {offer.discount > 0 && (
        <>
          <dt>Holiday offer</dt>
          <dd className="flower-offer" data-testid="flower-holiday-off">
            {offer.discount}% off
          </dd>
        </>
      )}
      {offer.birthday_off > 0 && (
        <>
          <dt>Her birthday</dt>
          <dd className="flower-offer" data-testid="flower-birthday-off">
            <Price amount={offer.birthday_off} /> off
          </dd>
        </>
      )}
    </>
  );
}
