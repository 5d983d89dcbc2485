/** Images drawn locally as SVG, deterministic from the id: no external URLs, no files on disk. */
export { coverSvg } from './cover';
export { giftSvg } from './gift';
export { portraitSvg } from './portrait';
export { showSvg } from './show';
export { coverUrl, giftUrl, portraitUrl, showCoverUrl } from './urls';
