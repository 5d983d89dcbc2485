import { randomBytes } from 'node:crypto';

/** An id of a kind (its prefix) that begins with its creation time, so ids of one kind sort by age. */
export const timedId = (prefix: string): string =>
  `${prefix}${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;
