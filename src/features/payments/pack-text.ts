/** How the add-credit page words a pack and a purchase. */

import type { MoneyWords } from '../../../protocol/money';
import type { CreditPack } from '../../../protocol/payments';

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** '$22.99' for 2299 cents. */
export const priceText = (cents: number) => dollars.format(cents / 100);

/** '25 credits', '1 credit'. */
export const creditsText = (credits: number, words: MoneyWords) =>
  `${credits} ${credits === 1 ? words.singular : words.plural}`;

/** 'You pay $22.99 for 25 credits' */
export const paySummary = (pack: Pick<CreditPack, 'credits' | 'price_cents'>, words: MoneyWords) =>
  `You pay ${priceText(pack.price_cents)} for ${creditsText(pack.credits, words)}`;
