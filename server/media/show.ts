/** A show's cover: a 16:9 stage with curtains, spotlights and a microphone, coloured by the show id. */
import { hsl, linear, prngFor, radial, svgDocument } from './draw';

const WIDTH = 640;
const HEIGHT = 360;

/** Velvet folds: a horizontal gradient repeated every few pixels, shading light and dark. */
function folds(hue: number): string {
  const stops = [
    [0, 26],
    [0.3, 44],
    [0.5, 50],
    [0.75, 34],
    [1, 26],
  ]
    .map(([offset, light]) => `<stop offset="${offset}" stop-color="${hsl(hue, 62, light ?? 30)}"/>`)
    .join('');
  return `<linearGradient id="folds" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="34" y2="0" spreadMethod="repeat">${stops}</linearGradient>`;
}

/** One curtain, drawn on the left and mirrored for the right, gathered toward the wings. */
function curtain(side: 'left' | 'right'): string {
  const shape =
    '<path d="M0,0 L150,0 C138,90 112,170 118,230 C122,280 140,320 150,360 L0,360 Z" fill="url(#folds)"/>' +
    '<path d="M150,0 C138,90 112,170 118,230 C122,280 140,320 150,360" fill="none" stroke="#000" stroke-opacity=".25" stroke-width="4"/>' +
    '<path d="M104,226 Q126,236 122,252 Q108,246 100,236 Z" fill="#e8c15a"/>';
  return side === 'left' ? shape : `<g transform="translate(${WIDTH} 0) scale(-1 1)">${shape}</g>`;
}

function valance(hue: number): string {
  const scallops = 10;
  const w = WIDTH / scallops;
  let d = `M0,0 L${WIDTH},0 L${WIDTH},30`;
  for (let i = scallops; i > 0; i--) {
    d += ` Q${(i - 0.5) * w},58 ${(i - 1) * w},30`;
  }
  d += ' Z';
  return `<path d="${d}" fill="${hsl(hue, 60, 32)}"/><path d="M0,28 L${WIDTH},28" stroke="${hsl(45, 80, 62)}" stroke-width="3"/>`;
}

export function showSvg(liveShowId: string): string {
  const prng = prngFor('show', liveShowId);
  const curtainHue = prng.pick([350, 335, 280, 265, 210, 20]);
  const lightHue = prng.int(0, 359);
  const backHue = prng.pick([200, 225, 250, 275, 300]);
  const beams = [120, 320, 520].map((x, i) => {
    const target = 200 + (i - 1) * prng.int(40, 110);
    const color = hsl(lightHue + i * 40, 90, 75);
    return `<path d="M${x - 10},34 L${x + 10},34 L${target + 90},300 L${target - 90},300 Z" fill="${color}" opacity=".16"/>`;
  });
  const sparkles = Array.from({ length: 24 }, () => {
    const x = prng.int(140, 500);
    const y = prng.int(60, 250);
    const r = (prng.int(6, 22) / 10).toFixed(1);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" opacity="${(prng.int(30, 85) / 100).toFixed(2)}"/>`;
  });
  const body = [
    '<defs>',
    linear('bg', hsl(backHue, 45, 10), hsl(backHue + 30, 40, 24)),
    folds(curtainHue),
    linear('floor', hsl(30, 45, 34), hsl(25, 50, 18)),
    radial('spot', [
      [0, '#fff7dc', 0.85],
      [0.6, '#fff1c4', 0.25],
      [1, '#fff1c4', 0],
    ]),
    '</defs>',
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>`,
    ...beams,
    ...sparkles,
    `<path d="M40,292 L600,292 L640,${HEIGHT} L0,${HEIGHT} Z" fill="url(#floor)"/>`,
    `<rect x="40" y="286" width="560" height="8" fill="${hsl(30, 40, 42)}"/>`,
    '<ellipse cx="320" cy="304" rx="150" ry="26" fill="url(#spot)"/>',
    // Microphone on its stand, centre stage.
    '<g stroke="#d8dbe2" stroke-width="5" stroke-linecap="round" fill="none">',
    '<path d="M320,210 L320,298 M300,300 L340,300"/></g>',
    '<rect x="309" y="176" width="22" height="38" rx="11" fill="#3a3d46"/>',
    '<rect x="309" y="176" width="22" height="20" rx="10" fill="#9aa0ad"/>',
    '<path d="M312,184 h16 M312,190 h16" stroke="#6d7280" stroke-width="1.5"/>',
    curtain('left'),
    curtain('right'),
    valance(curtainHue),
  ].join('');
  return svgDocument(WIDTH, HEIGHT, body, `Show ${liveShowId}`);
}
