/**
 * Uploaded pictures (album photos and video covers, shots, mail photos, premium video covers) are
 * re-encoded on the way in and kept in these widths, as WebP (every browser we support shows it).
 * A picture's URL answers its largest width; `?w=<width>` asks for a smaller one, so an <img> can
 * name them all in its srcset. A drawn (demo) picture is an SVG and ignores the parameter.
 */
export const IMAGE_WIDTHS = [320, 800, 1600] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
/** The query parameter that picks a width. */
export const IMAGE_WIDTH_PARAM = 'w';

/** The URL of `url`'s rendition `width` wide (the largest without a width). */
export function imageUrl(url: string, width?: ImageWidth): string {
  if (!url || width === undefined) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${IMAGE_WIDTH_PARAM}=${width}`;
}

/** A srcset naming every width of `url` (empty for no URL). */
export function imageSrcSet(url: string): string {
  if (!url) return '';
  return IMAGE_WIDTHS.map((w) => `${imageUrl(url, w)} ${w}w`).join(', ');
}
