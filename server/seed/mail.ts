/**
 * Demo mail: every demo member finds a filled inbox — paid mail with private and free
 * photos and videos, greeting mail — and M1001 a sent mail in his outbox. No balance changes.
 */

import { mailRepository } from '../features/mail';
import type { Db } from '../storage/contract';

type Media = { type: 'photo' | 'video'; free: boolean; describe: string };
interface DemoLetter {
  n: number;
  kind: 'emf' | 'loi';
  anchorId: string;
  fromMember?: boolean;
  hoursAgo: number;
  content: string;
  media: Media[];
}

const LETTERS: DemoLetter[] = [
  {
    n: 1,
    kind: 'emf',
    anchorId: 'A2001',
    hoursAgo: 2,
    content:
      'Dear {name},\n\nI saw you in my room yesterday and could not stop smiling. I took these pictures on my walk by the river this morning; the second one is just for you.\n\nWrite back soon?',
    media: [
      { type: 'photo', free: true, describe: 'By the river' },
      { type: 'photo', free: false, describe: 'Just for you' },
      { type: 'video', free: false, describe: 'Good morning from me' },
    ],
  },
  {
    n: 2,
    kind: 'emf',
    anchorId: 'A2002',
    hoursAgo: 20,
    content:
      'Hi {name}! Thank you for your kind words last week. I am learning to cook your favourite dish. Guess what it is?',
    media: [{ type: 'photo', free: false, describe: 'My first try' }],
  },
  {
    n: 3,
    kind: 'emf',
    anchorId: 'A2003',
    hoursAgo: 50,
    content: 'Hello {name}, I hope your week is going well. I would love to hear about your travels.',
    media: [],
  },
  {
    n: 4,
    kind: 'loi',
    anchorId: 'A2004',
    hoursAgo: 5,
    content: 'Hello {name}! I am new on Glimmer and I liked your profile. Say hi when you see me online.',
    media: [{ type: 'photo', free: true, describe: 'A little about me' }],
  },
  {
    n: 5,
    kind: 'loi',
    anchorId: 'A2005',
    hoursAgo: 30,
    content: 'Hi {name}, greetings from me! Come and visit my room tonight.',
    media: [],
  },
  {
    n: 6,
    kind: 'emf',
    anchorId: 'A2001',
    fromMember: true,
    hoursAgo: 26,
    content: 'Hi! It was lovely to chat with you. I am counting the days until your next show.',
    media: [],
  },
];

const MEMBER_NAMES: Record<string, string> = {
  M1001: 'James',
  M1003: 'Michael',
  M1004: 'Robert',
  M1005: 'William',
};

export async function seedMail(tx: Db, now: Date): Promise<void> {
  const repo = mailRepository(tx);
  for (const [memberId, name] of Object.entries(MEMBER_NAMES)) {
    for (const letter of LETTERS) {
      if (letter.fromMember && memberId !== 'M1001') continue;
      const emfId = `${letter.kind.toUpperCase()}-${memberId}-${letter.n}`;
      const inserted = await repo.insertMail({
        emfId,
        kind: letter.kind,
        memberId,
        anchorId: letter.anchorId,
        fromMember: letter.fromMember ?? false,
        content: letter.content.replace('{name}', name),
        needsPay: letter.kind === 'emf' && !letter.fromMember,
        sentAt: new Date(now.getTime() - letter.hoursAgo * 3_600_000),
      });
      if (!inserted) continue;
      await repo.insertMedia(
        emfId,
        letter.media.map((m) => ({ isVideo: m.type === 'video', isFree: m.free, describe: m.describe })),
      );
    }
  }
}
