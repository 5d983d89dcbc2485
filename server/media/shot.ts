/**
 * A demo shot's picture, drawn locally: a landscape in her colours (sky, sun, hills and a caption
 * band), different per shot. A demo video shot's cover is the letters' video poster; a locked shot
 * shows the letters' lock (nothing of the picture leaks).
 */
import { escapeXml, hsl, hueFor, linear, prngFor, svgDocument } from './draw';

export function shotPhotoSvg(anchorId: string, shotId: number, caption: string): string {
  const rand = prngFor('shot', `${anchorId}:${shotId}`);
  const hue = (hueFor(anchorId) + shotId * 47) % 360;
  const sunX = 60 + Math.round(rand.next() * 360);
  const sunY = 70 + Math.round(rand.next() * 90);
  const hill = (base: number, amp: number, shade: number) => {
    const points: string[] = [];
    for (let x = 0; x <= 480; x += 40) points.push(`${x},${Math.round(base - rand.next() * amp)}`);
    return `<polygon points="0,360 ${points.join(' ')} 480,360" fill="${hsl(hue + 140, 35, shade)}"/>`;
  };
  const body = [
    `<defs>${linear('sky', hsl(hue, 70, 72), hsl(hue + 30, 60, 45))}</defs>`,
    '<rect width="480" height="360" fill="url(#sky)"/>',
    `<circle cx="${sunX}" cy="${sunY}" r="${28 + Math.round(rand.next() * 18)}" fill="${hsl(hue + 50, 95, 85)}"/>`,
    hill(250, 60, 38),
    hill(290, 50, 28),
    hill(330, 30, 18),
    '<rect y="316" width="480" height="44" fill="#000" opacity="0.35"/>',
    `<text x="240" y="345" text-anchor="middle" font-family="sans-serif" font-size="20" fill="#fff">${escapeXml(caption)}</text>`,
  ].join('');
  return svgDocument(480, 360, body, caption || 'Photo');
}
