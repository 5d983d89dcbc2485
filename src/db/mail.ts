/**
 * Mail in IndexedDB (db version 11): each box's first page and every letter opened on this device,
 * so opened mail stays readable offline. Fails soft like the rest of the cache.
 */
import type { MailDetail, MailList } from '../../protocol/mail/mail';
import { type CachedLetter, type CachedMailList, db } from './db';

const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

async function soft<T>(what: string, run: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await run();
  } catch (error) {
    console.warn(`[mail] ${what} failed:`, error instanceof Error ? error.message : error);
    return fallback;
  }
}

export const saveMailList = (userid: string, box: string, data: MailList) =>
  soft(
    'saving a list',
    () => db.mailLists.put({ key: `${userid}:${box}`, userid, data: plain(data), savedAt: Date.now() }),
    undefined,
  );

export const readMailList = (userid: string, box: string) =>
  soft<CachedMailList | undefined>('reading a list', () => db.mailLists.get(`${userid}:${box}`), undefined);

/** Only letters whose text is open are kept (a paid one once paid). */
export const saveLetter = (userid: string, mail: MailDetail) =>
  mail.need_pay
    ? Promise.resolve(undefined)
    : soft(
        'saving a letter',
        () =>
          db.mailLetters.put({
            key: `${userid}:${mail.emf_id}`,
            userid,
            mail: plain(mail),
            savedAt: Date.now(),
          }),
        undefined,
      );

export const readLetter = (userid: string, emfId: string) =>
  soft<CachedLetter | undefined>(
    'reading a letter',
    () => db.mailLetters.get(`${userid}:${emfId}`),
    undefined,
  );
