/**
 * A demo broadcaster's album pictures, drawn from the item id: a landscape (her "travel photo"),
 * every other one with her portrait in a rounded frame over it (a "selfie"); a video's cover is the
 * landscape with a play mark. Nested SVG documents keep each drawing's own gradients (their ids
 * differ: sky/sea/orbGlow against bg/cloth/glow).
 */
import { coverSvg } from './cover';
import { hashId, svgDocument } from './draw';
import { portraitSvg } from './portrait';

const WIDTH = 640;
const HEIGHT = 480;

const inner = (svg: string, x: number, y: number, w: number, h: number) =>
  svg.replace(
    '<svg ',
    `<svg x="${x}" y="${y}" width="${w}" height="${h}" preserveAspectRatio="xMidYMid slice" `,
  );

/** Strips the nested document's own width/height so the attributes above size it. */
const sized = (svg: string) => svg.replace(/ width="\d+" height="\d+"/, '');

export function albumPhotoSvg(anchorId: string, itemId: string, label: string): string {
  const parts = [inner(sized(coverSvg(itemId)), 0, 0, WIDTH, HEIGHT)];
  if (hashId(itemId) % 2 === 0) {
    parts.push(
      '<clipPath id="frame"><rect x="200" y="110" width="240" height="300" rx="24"/></clipPath>',
      '<rect x="192" y="102" width="256" height="316" rx="30" fill="#fff" opacity=".85"/>',
      `<g clip-path="url(#frame)">${inner(sized(portraitSvg(anchorId)), 200, 110, 240, 300)}</g>`,
    );
  }
  return svgDocument(WIDTH, HEIGHT, parts.join(''), label || 'Photo');
}

export function albumVideoCoverSvg(itemId: string, label: string): string {
  const body = [
    inner(sized(coverSvg(itemId)), 0, 0, WIDTH, HEIGHT),
    '<circle cx="320" cy="240" r="56" fill="#000" opacity=".45"/>',
    '<path d="M300 208 L352 240 L300 272 Z" fill="#fff"/>',
  ].join('');
  return svgDocument(WIDTH, HEIGHT, body, label || 'Video');
}
