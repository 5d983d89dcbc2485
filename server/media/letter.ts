/**
 * Letter media drawn locally: a broadcaster's demo photo (her portrait with a tint per resource), the
 * locked preview (a lock on a plain gradient: nothing of the paid picture leaks) and a video's
 * poster (the clip itself is an uploaded file, or the demo clip in video.ts).
 */
import { hueFor, linear, svgDocument } from './draw';
import { portraitSvg } from './portrait';

export function letterPhotoSvg(anchorId: string): string {
  return portraitSvg(anchorId);
}

export function lockedSvg(resourceId: string, isVideo: boolean): string {
  const hue = hueFor(resourceId);
  const body = [
    `<defs>${linear('g', `hsl(${hue},45%,35%)`, `hsl(${(hue + 40) % 360},45%,20%)`)}</defs>`,
    '<rect width="320" height="240" fill="url(#g)"/>',
    '<rect x="135" y="105" width="50" height="40" rx="6" fill="#fff" opacity="0.9"/>',
    '<path d="M145 105v-12a15 15 0 0 1 30 0v12" stroke="#fff" stroke-width="6" fill="none" opacity="0.9"/>',
    `<text x="160" y="185" text-anchor="middle" font-family="sans-serif" font-size="16" fill="#fff">Private ${isVideo ? 'video' : 'photo'}</text>`,
  ].join('');
  return svgDocument(320, 240, body, isVideo ? 'Locked private video' : 'Locked private photo');
}

export function videoSvg(resourceId: string): string {
  const hue = hueFor(resourceId);
  const body = [
    `<defs>${linear('v', `hsl(${hue},60%,45%)`, `hsl(${(hue + 90) % 360},60%,30%)`, 1, 1)}</defs>`,
    '<rect width="320" height="240" fill="url(#v)"/>',
    '<circle cx="160" cy="120" r="40" fill="#fff" opacity="0.35">',
    '<animate attributeName="r" values="30;60;30" dur="3s" repeatCount="indefinite"/></circle>',
  ].join('');
  return svgDocument(320, 240, body, 'Video');
}
