/**
 * Demo shots: every broadcaster posts a few (drawn photos, the demo clip, text), all on her profile
 * and one of them private. A2001's are fixed (the e2e story reads them), newest first: a private
 * photo, a photo, a video, a text shot (her profile's four), then a photo kept off her profile and
 * an older one on it (past the profile's four). M1001 has Intimacy Level 2 with A2001 and level 1
 * with A2003 (seed/messages.ts): A2001's private shot opens for him, A2003's stays locked.
 */
import { ShotType, type ShotTypeCode } from '../../protocol/shots/shots';
import { shotsRepository } from '../features/shots';
import type { Db } from '../storage/contract';

export interface DemoShot {
  type: ShotTypeCode;
  content: string;
  isPrivate: boolean;
  isShowProfile: boolean;
  /** Hours before the seed time. */
  hoursAgo: number;
}

const TEXTS = [
  'Good morning everyone! Who is joining my room tonight?',
  'Thank you for all the lovely messages this week.',
  'New music, new dance, see you at 8!',
  'Rainy day, perfect for a long chat.',
];
const CAPTIONS = [
  'Sunday by the lake',
  'Coffee time',
  'Golden hour',
  'City lights',
  'Just for you',
  'Hello spring',
];

/** Oldest last: the list shows the newest first (ids rise with insertion, oldest inserted first). */
export function demoShots(anchorId: string): DemoShot[] {
  if (anchorId === 'A2001') {
    return [
      { type: ShotType.photo, content: 'Just for you', isPrivate: true, isShowProfile: true, hoursAgo: 2 },
      {
        type: ShotType.photo,
        content: 'Sunday by the lake',
        isPrivate: false,
        isShowProfile: true,
        hoursAgo: 5,
      },
      {
        type: ShotType.video,
        content: 'Hello from my balcony',
        isPrivate: false,
        isShowProfile: true,
        hoursAgo: 9,
      },
      { type: ShotType.text, content: TEXTS[0] ?? '', isPrivate: false, isShowProfile: true, hoursAgo: 20 },
      { type: ShotType.photo, content: 'Coffee time', isPrivate: false, isShowProfile: false, hoursAgo: 30 },
      { type: ShotType.photo, content: 'Golden hour', isPrivate: false, isShowProfile: true, hoursAgo: 50 },
    ];
  }
  const n = Number(anchorId.slice(1));
  return [
    {
      type: ShotType.photo,
      content: CAPTIONS[n % CAPTIONS.length] ?? '',
      isPrivate: true,
      isShowProfile: true,
      hoursAgo: 3,
    },
    {
      type: ShotType.text,
      content: TEXTS[n % TEXTS.length] ?? '',
      isPrivate: false,
      isShowProfile: true,
      hoursAgo: 8,
    },
    {
      type: ShotType.video,
      content: 'A little dance for you',
      isPrivate: false,
      isShowProfile: true,
      hoursAgo: 26,
    },
    {
      type: ShotType.photo,
      content: CAPTIONS[(n + 2) % CAPTIONS.length] ?? '',
      isPrivate: false,
      isShowProfile: true,
      hoursAgo: 40,
    },
  ];
}

export async function seedShots(tx: Db, anchors: readonly { userid: string }[], now: Date): Promise<void> {
  const repo = shotsRepository(tx);
  for (const { userid: anchorId } of anchors) {
    for (const shot of [...demoShots(anchorId)].reverse()) {
      await repo.insert({
        anchorId,
        type: shot.type,
        isDemo: true,
        content: shot.content,
        isPrivate: shot.isPrivate,
        isShowProfile: shot.isShowProfile,
        createdAt: new Date(now.getTime() - shot.hoursAgo * 3_600_000),
      });
    }
  }
}
