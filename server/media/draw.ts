/** Shared bits for the drawn images: a stable number per id, and the SVG envelope. */
import { createPrng, type Prng } from '../seed/prng';

/** FNV-1a: the same id always draws the same picture. */
export function hashId(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Sequential ids (A2001, A2002, ...) step round the colour wheel by the golden angle, so neighbours differ. */
export function hueFor(id: string): number {
  const digits = id.match(/\d+/)?.[0];
  return digits ? Math.round((Number(digits) * 137.508) % 360) : hashId(id) % 360;
}

export function prngFor(kind: string, id: string): Prng {
  return createPrng(hashId(`${kind}:${id}`));
}

export function svgDocument(width: number, height: number, body: string, label: string): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${escapeXml(label)}">`,
    body,
    '</svg>',
  ].join('');
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export const hsl = (h: number, s: number, l: number) =>
  `hsl(${Math.round(((h % 360) + 360) % 360)} ${Math.round(s)}% ${Math.round(l)}%)`;

/** Two-stop linear gradient definition. */
export function linear(id: string, from: string, to: string, x2 = 0, y2 = 1): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

export function radial(id: string, stops: [offset: number, color: string, opacity: number][]): string {
  const body = stops
    .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a}"/>`)
    .join('');
  return `<radialGradient id="${id}">${body}</radialGradient>`;
}
