/** Conversions at the edge: both drivers may return numbers as strings (bigint, numeric). */

export function toInt(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) throw new Error(`storage: expected a number, got ${String(value)}`);
  return n;
}

export function toDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}

/** jsonb arrives parsed from both drivers; a string would mean a text column. */
export function toJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

export function toIntArray(value: unknown): number[] {
  return Array.isArray(value) ? value.map(toInt) : [];
}
