/**
 * Demo premium videos: most demo broadcasters get 1–6, A2001 seven (the profile shows 4, then
 * expands), each with a drawn cover (server/media/premium-cover.ts) and playing the demo clip
 * (server/media/demo-video.webm, 4 s). Placed over the weeks before the seed time, newest first.
 */
import { PREMIUM_VIDEO_PRICE } from '../../protocol/premium-videos/premium-videos';
import { premiumVideosRepository } from '../features/premium-videos';
import type { Db } from '../storage/contract';
import type { AnchorSeed } from './anchors';
import { createPrng } from './prng';

/** The demo clip's length in seconds. */
const DEMO_CLIP_SECONDS = 4;
const HOUR_MS = 3600 * 1000;

const TITLES: readonly (readonly [title: string, description: string])[] = [
  ['Morning coffee with me', 'Start the day together: my favourite café corner and a sunny window.'],
  ['A walk by the sea', 'Waves, wind and a few words about what makes me happy.'],
  ['Dance practice', 'A few steps I have been learning lately. Tell me which one you like best.'],
  ['My little kitchen', 'I cook my grandmother’s recipe and tell you its story.'],
  ['Sunset on the rooftop', 'The sky turns pink over the city, my favourite minutes of the day.'],
  ['Getting ready for the evening', 'Choosing a dress and chatting about my week.'],
  ['Weekend in the mountains', 'Fresh air, a long trail and a view worth every step.'],
  ['Reading corner', 'The book I cannot put down, and why I think you would like it.'],
  ['Guitar by the window', 'A quiet song I play when it rains.'],
  ['City lights at night', 'A drive through the streets I love most.'],
  ['Yoga for two', 'A short and easy routine. Try it with me!'],
  ['Garden of flowers', 'My balcony garden, bloom by bloom.'],
];

export function demoPremiumVideoCount(anchor: AnchorSeed, index: number): number {
  if (anchor.accountStatus === 3) return 0;
  if (anchor.userid === 'A2001') return 7;
  const prng = createPrng(0x9e3779b9 ^ (index + 1));
  // Most broadcasters have some: about one in six has none.
  return prng.chance(0.16) ? 0 : prng.int(1, 6);
}

export async function seedPremiumVideos(tx: Db, anchors: readonly AnchorSeed[], now: Date): Promise<void> {
  const repo = premiumVideosRepository(tx);
  for (const [index, anchor] of anchors.entries()) {
    const n = demoPremiumVideoCount(anchor, index);
    const prng = createPrng(0x51ed27 + index);
    const picks = prng.sample(TITLES, Math.min(n, TITLES.length));
    let at = now.getTime() - prng.int(1, 48) * HOUR_MS;
    for (const [k, [title, description]] of picks.entries()) {
      await repo.insert({
        videoId: `PV${anchor.userid.slice(1)}${String(k + 1).padStart(2, '0')}`,
        anchorId: anchor.userid,
        title,
        description,
        duration: DEMO_CLIP_SECONDS,
        fileKey: null,
        coverKey: null,
        isDemo: true,
        price: PREMIUM_VIDEO_PRICE,
        createdAt: new Date(at),
      });
      at -= prng.int(20, 120) * HOUR_MS;
    }
  }
}
