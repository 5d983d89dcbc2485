/** What the composer says about the price of the next private message, before he writes it. */
import type { MessagePrice } from './store';

export function priceNoteText(price: MessagePrice, money: (credit: number) => string, name = 'her'): string {
  const each = money(price.credit);
  if (price.freeLeft <= 0) return `Next message: ${each}. Your free messages with ${name} are used.`;
  const free = price.freeLeft === 1 ? '1 free message' : `${price.freeLeft} free messages`;
  return `${free} left with ${name}, then ${each} each.`;
}
