/**
 * The currency word comes from configuration ('credits' by default); the singular, plural and
 * capitalised forms are derived from it (spec 000 §1). Amounts show with 2 decimals.
 */
export const DEFAULT_MONEY_TYPE = 'credits';
export const DEFAULT_MONEY_MULTIPLIER = 1;

export interface MoneyWords {
  singular: string;
  plural: string;
  Singular: string;
  Plural: string;
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export function moneyWords(moneyType: string = DEFAULT_MONEY_TYPE): MoneyWords {
  const word = moneyType.trim().toLowerCase() || DEFAULT_MONEY_TYPE;
  const plural = word.endsWith('s') ? word : `${word}s`;
  const singular = word.endsWith('s') ? word.slice(0, -1) : word;
  return { singular, plural, Singular: capitalise(singular), Plural: capitalise(plural) };
}

/** Amounts are stored in hundredths so that no sum drifts; this is the one conversion. */
export const toHundredths = (amount: number) => Math.round(amount * 100);
export const fromHundredths = (hundredths: number) => hundredths / 100;

/** '12.50' for 12.5 with multiplier 1. */
export function formatMoney(amount: number, multiplier = DEFAULT_MONEY_MULTIPLIER): string {
  return (amount * multiplier).toFixed(2);
}

/** '1 credit', '2.50 credits'. */
export function moneyLabel(amount: number, words: MoneyWords, multiplier = DEFAULT_MONEY_MULTIPLIER) {
  const shown = amount * multiplier;
  return `${formatMoney(amount, multiplier)} ${shown === 1 ? words.singular : words.plural}`;
}
