/**
 * Read help pages (db version 4): the help navigation marks what this device has read. Fails soft
 * like the rest of the cache: without IndexedDB the pages still show, only the marks are lost.
 */
import { db, type ReadHelpPage } from './db';

export async function markHelpRead(path: string, title: string, now = Date.now()): Promise<void> {
  try {
    await db.helpRead.put({ path, title, readAt: now });
  } catch (error) {
    console.warn('[help] saving a read page failed:', error instanceof Error ? error.message : error);
  }
}

export async function readHelpPages(): Promise<ReadHelpPage[]> {
  try {
    return await db.helpRead.orderBy('readAt').reverse().toArray();
  } catch (error) {
    console.warn('[help] reading the read pages failed:', error instanceof Error ? error.message : error);
    return [];
  }
}
