/** Profile tips rotate between 1 profile, 2 email and 3 phone (spec 002 §4). */
export type TipKind = 1 | 2 | 3;

/** The next tip to show after `current`, skipping dismissed kinds; null when all are dismissed. */
export function nextTip(current: TipKind | null, dismissed: readonly TipKind[]): TipKind | null {
  const order: TipKind[] = [1, 2, 3];
  const start = current === null ? 0 : order.indexOf(current) + 1;
  for (let i = 0; i < order.length; i++) {
    const kind = order[(start + i) % order.length] as TipKind;
    if (!dismissed.includes(kind)) return kind;
  }
  return null;
}
