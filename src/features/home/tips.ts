/**
 * Profile tips rotate between 1 profile, 2 email and 3 phone (spec 002 §4). A kind shows only
 * while it is true (his profile is incomplete, his email or phone unverified) and he has not
 * dismissed it.
 */
export type TipKind = 1 | 2 | 3;

export interface TipFacts {
  man_profile_val?: number;
  email_verified?: 'Y' | 'N';
  qpid_seal?: { v_phone: 0 | 1 };
}

/** The kinds that are true for him now, in rotation order. */
export function trueTips(me: TipFacts): TipKind[] {
  const kinds: TipKind[] = [];
  if ((me.man_profile_val ?? 0) < 100) kinds.push(1);
  if (me.email_verified !== 'Y') kinds.push(2);
  if (me.qpid_seal?.v_phone !== 1) kinds.push(3);
  return kinds;
}

/** The tips to leave out: those dismissed and those no longer true. */
export const hiddenTips = (me: TipFacts, dismissed: readonly TipKind[]): TipKind[] => {
  const shown = trueTips(me);
  return ([1, 2, 3] as TipKind[]).filter((k) => dismissed.includes(k) || !shown.includes(k));
};

/** The next tip to show after `current`, skipping hidden kinds; null when all are hidden. */
export function nextTip(current: TipKind | null, hidden: readonly TipKind[]): TipKind | null {
  const order: TipKind[] = [1, 2, 3];
  const start = current === null ? 0 : order.indexOf(current) + 1;
  for (let i = 0; i < order.length; i++) {
    const kind = order[(start + i) % order.length] as TipKind;
    if (!hidden.includes(kind)) return kind;
  }
  return null;
}
