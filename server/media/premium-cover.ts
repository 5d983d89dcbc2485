/**
 * A demo premium video's cover: a 16:9 scene in the video's colours (a sky gradient, soft light
 * circles, a horizon) under a film strip, with a play mark; drawn from the video id, the same every
 * time. Uploaded videos carry the frame their broadcaster's browser drew instead.
 */
import { hsl, hueFor, linear, prngFor, radial, svgDocument } from './draw';

const WIDTH = 640;
const HEIGHT = 360;

export function premiumCoverSvg(videoId: string, title: string): string {
  const hue = hueFor(videoId);
  const prng = prngFor('premium', videoId);
  const lights = Array.from({ length: 7 }, () => {
    const x = Math.round(prng.next() * WIDTH);
    const y = Math.round(prng.next() * HEIGHT * 0.6);
    const r = Math.round(30 + prng.next() * 70);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="url(#glow)"/>`;
  }).join('');
  const holes = Array.from({ length: 16 }, (_, i) => {
    const x = 12 + i * 40;
    return `<rect x="${x}" y="8" width="22" height="14" rx="3" fill="#000" opacity=".55"/><rect x="${x}" y="${HEIGHT - 22}" width="22" height="14" rx="3" fill="#000" opacity=".55"/>`;
  }).join('');
  const horizon = HEIGHT * (0.62 + prng.next() * 0.12);
  const body = [
    '<defs>',
    linear('sky', hsl(hue, 55, 30), hsl(hue + 40, 70, 68)),
    linear('ground', hsl(hue + 200, 35, 28), hsl(hue + 220, 40, 14)),
    radial('glow', [
      [0, '#fff', 0.55],
      [1, '#fff', 0],
    ]),
    '</defs>',
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>`,
    lights,
    `<path d="M0,${horizon.toFixed(0)} C160,${(horizon - 30).toFixed(0)} 420,${(horizon + 24).toFixed(0)} ${WIDTH},${(horizon - 10).toFixed(0)} L${WIDTH},${HEIGHT} L0,${HEIGHT} Z" fill="url(#ground)"/>`,
    `<rect width="${WIDTH}" height="30" fill="#111" opacity=".7"/><rect y="${HEIGHT - 30}" width="${WIDTH}" height="30" fill="#111" opacity=".7"/>`,
    holes,
    `<circle cx="${WIDTH / 2}" cy="${HEIGHT / 2}" r="44" fill="#000" opacity=".35"/>`,
    `<path d="M${WIDTH / 2 - 14},${HEIGHT / 2 - 22} L${WIDTH / 2 + 24},${HEIGHT / 2} L${WIDTH / 2 - 14},${HEIGHT / 2 + 22} Z" fill="#fff"/>`,
  ].join('');
  return svgDocument(WIDTH, HEIGHT, body, `Cover of ${title}`);
}
