/** The offers' local records, kept in localStorage per member; a broken or missing entry reads as empty. */
import type { DiscountPopRecord, ForcePushRecord, IntroduceRecord } from './rules';

const KEYS = {
  forcePush: 'offerForcePush',
  introduce: 'offerIntroduce',
  discountPop: 'offerDiscountPop',
} as const;
type Kind = keyof typeof KEYS;
interface Records {
  forcePush: ForcePushRecord | null;
  introduce: IntroduceRecord;
  discountPop: DiscountPopRecord;
}
const EMPTY: Records = { forcePush: null, introduce: {}, discountPop: {} };

export function readRecord<K extends Kind>(kind: K, memberId: string): Records[K] {
  try {
    const text = localStorage.getItem(`${KEYS[kind]}:${memberId}`);
    const value = text ? (JSON.parse(text) as Records[K]) : null;
    return value && typeof value === 'object' ? value : EMPTY[kind];
  } catch {
    return EMPTY[kind];
  }
}

export function writeRecord<K extends Kind>(kind: K, memberId: string, value: Records[K]): void {
  try {
    localStorage.setItem(`${KEYS[kind]}:${memberId}`, JSON.stringify(value));
  } catch {
    // Storage full or off: the pop may show again, which is harmless.
  }
}
