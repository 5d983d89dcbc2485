/**
 * Demo albums: every broadcaster gets drawn photos and demo-clip videos (server/media/album.ts). A2001
 * has 9 photos (more than one page of 6, so Load More shows) and 2 videos, one of each private. M1001
 * has Intimacy Level 2 with A2001 (seed/messages.ts), so her private items open for him; M1002 has
 * level 1, so they stay locked for him.
 */
import { AlbumType } from '../../protocol/albums/albums';
import { albumsRepository } from '../features/albums';
import type { Db } from '../storage/contract';
import { createPrng } from './prng';

const PHOTO_DESCS = [
  'Sunset walk by the sea',
  'A quiet morning in the hills',
  'My favourite view this summer',
  'Weekend trip with friends',
  'Golden hour',
  'Coffee and a good book',
  'Dancing in the rain',
  'Looking forward to our chat',
  'On the road again',
  'Evening lights',
  'Picnic day',
  'Just me and the mountains',
];
const VIDEO_DESCS = ['Hello from my balcony', 'A little dance for you', 'My day in 4 seconds', 'Good night!'];

export interface DemoAlbumItem {
  itemId: string;
  anchorId: string;
  type: 1 | 2;
  desc: string;
  isPrivate: boolean;
  /** Minutes before the seed time: the album lists the newest first. */
  minutesAgo: number;
}

/** A2001's album is fixed (the e2e story reads it); the others vary by id. */
export function demoAlbum(anchorId: string): DemoAlbumItem[] {
  const n = Number(anchorId.slice(1));
  const prng = createPrng(n * 7919);
  const first = anchorId === 'A2001';
  const photos = first ? 9 : prng.int(3, 7);
  const videos = first ? 2 : prng.int(1, 2);
  const items: DemoAlbumItem[] = [];
  for (let i = 0; i < photos; i++) {
    items.push({
      itemId: `AL${n}P${i + 1}`,
      anchorId,
      type: AlbumType.photo,
      desc: PHOTO_DESCS[(n + i) % PHOTO_DESCS.length] ?? '',
      // A2001's third-newest photo is private (on the first page); others: every fourth.
      isPrivate: first ? i === photos - 3 : i % 4 === 3,
      minutesAgo: (photos - i) * 90,
    });
  }
  for (let i = 0; i < videos; i++) {
    items.push({
      itemId: `AL${n}V${i + 1}`,
      anchorId,
      type: AlbumType.video,
      desc: VIDEO_DESCS[(n + i) % VIDEO_DESCS.length] ?? '',
      isPrivate: first ? i === 0 : false,
      minutesAgo: (videos - i) * 60 + 30,
    });
  }
  return items;
}

export async function seedAlbums(tx: Db, anchors: readonly { userid: string }[], now: Date): Promise<void> {
  const repo = albumsRepository(tx);
  for (const { userid: anchorId } of anchors) {
    for (const item of demoAlbum(anchorId)) {
      await repo.insert({
        itemId: item.itemId,
        anchorId,
        type: item.type,
        demo: true,
        desc: item.desc,
        isPrivate: item.isPrivate,
        createdAt: new Date(now.getTime() - item.minutesAgo * 60_000),
      });
    }
  }
}
