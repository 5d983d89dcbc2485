/** How the add-credit page words a pack and a purchase. */

import type { MoneyWords } from '../../../protocol/money';
import type { CreditPack } from '../../../protocol/payments/payments';

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** '$22.99' for 2299 cents. */
export const priceText = (cents: number) => dollars.format(cents / 100);

/** '25 credits', '1 credit'. */
export const creditsText = (credits: number, words: MoneyWords) =>
  `${credits} ${credits === 1 ? words.singular : words.plural}`;

/** '60 chat minutes', '1 chat minute'. */
export const chatminText = (minutes: number) => `${minutes} chat ${minutes === 1 ? 'minute' : 'minutes'}`;

/** What a pack or an order grants: '25 credits', '60 chat minutes'. */
export const packText = (pack: Pick<CreditPack, 'kind' | 'credits' | 'minutes'>, words: MoneyWords) =>
  pack.kind === 'chatmin' ? chatminText(pack.minutes) : creditsText(pack.credits, words);

/** 'You pay $22.99 for 25 credits', 'You pay $17.99 for 60 chat minutes' */
export const paySummary = (
  pack: Pick<CreditPack, 'kind' | 'credits' | 'minutes' | 'price_cents'>,
  words: MoneyWords,
) => `You pay ${priceText(pack.price_cents)} for ${packText(pack, words)}`;
