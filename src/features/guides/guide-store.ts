/**
 * What this device remembers of a member's guides: the first-visit guide finished or skipped, and
 * each other guide seen. Only a member who met the first-visit guide here (after the terms) is
 * offered the others: demo and long-standing members are not walked through what they know.
 */
import { type KeyValue, readJson, writeJson } from '../../app/popups/pop-rule';

export type GuideKey = 'welcome' | 'newGuide' | 'broadcastIntro' | 'sayHiGuide';
export type GuideMark = 'done' | 'skipped';

const key = (userid: string) => `glimmer.guides.${userid}`;
const store = (): KeyValue => localStorage;

export function guideMark(userid: string, guide: GuideKey, kv: KeyValue = store()): GuideMark | undefined {
  return readJson<Partial<Record<GuideKey, GuideMark>>>(kv, key(userid))?.[guide];
}

export function markGuide(
  userid: string,
  guide: GuideKey,
  mark: GuideMark = 'done',
  kv: KeyValue = store(),
): void {
  const marks = readJson<Partial<Record<GuideKey, GuideMark>>>(kv, key(userid)) ?? {};
  writeJson(kv, key(userid), { ...marks, [guide]: mark });
}
