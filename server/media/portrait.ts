/**
 * Portraits drawn from the user id: broadcasters get a stylised woman (hair style, skin, hair and
 * clothing colours and background hue vary by id); members get a neutral silhouette.
 */
import { hsl, hueFor, linear, prngFor, radial, svgDocument } from './draw';

const SIZE = 400;
const SKIN = ['#f6d7c3', '#f1c9ad', '#e8b996', '#d9a47e', '#c68a62', '#a86f4c'];
const HAIR = ['#2b1d16', '#3d2618', '#5a3a22', '#7a4a2a', '#9a4f2c', '#c99a5b', '#1f1a1e', '#d8b27a'];
const LIPS = ['#c9566e', '#d9627a', '#b8475c', '#e07a86'];
const CLOTHES = [
  '#2f4b7c',
  '#7a2e46',
  '#2a7f7a',
  '#c8963e',
  '#ece6dc',
  '#2b2b33',
  '#e0786a',
  '#8c7ae6',
  '#3f7d4e',
  '#b85c8a',
];

/** A darker (amount < 0) or lighter shade of a #rrggbb colour. */
function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = (n >> shift) & 0xff;
    const v = amount < 0 ? c * (1 + amount) : c + (255 - c) * amount;
    return Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

interface HairStyle {
  back: string;
  front: string;
  extra?: string;
  /** Short and tied-up styles show the ears; long hair covers them. */
  ears: boolean;
}

const HAIR_STYLES: HairStyle[] = [
  {
    // Long and straight, parted to one side.
    back: 'M128,165 C122,92 165,68 200,68 C235,68 278,92 272,165 L284,322 C262,338 232,332 216,322 L184,322 C168,332 138,338 116,322 Z',
    front:
      'M138,178 C128,102 168,78 204,78 C244,80 272,106 262,170 C246,124 214,110 182,126 C162,136 146,156 138,178 Z',
    ears: false,
  },
  {
    // Bob with a blunt fringe.
    back: 'M126,160 C120,92 164,70 200,70 C236,70 280,92 274,160 L278,240 C258,254 240,250 232,244 L168,244 C160,250 142,254 122,240 Z',
    front:
      'M140,162 C134,100 168,80 200,80 C232,80 266,100 260,162 C258,144 252,138 244,140 L156,140 C148,138 142,144 140,162 Z',
    ears: true,
  },
  {
    // A high bun and sleek sides.
    back: 'M140,150 C136,100 168,82 200,82 C232,82 264,100 260,150 Z',
    front:
      'M140,164 C134,104 168,84 200,84 C232,84 266,104 260,164 C250,124 228,110 200,110 C172,110 150,124 140,164 Z',
    extra: '<circle cx="200" cy="74" r="30"/><circle cx="200" cy="74" r="30" fill="#000" opacity=".08"/>',
    ears: true,
  },
  {
    // Long and wavy.
    back: 'M126,165 C118,94 165,66 200,66 C235,66 282,94 274,165 Q294,200 274,236 Q296,272 278,312 Q252,338 226,320 L174,320 Q148,338 122,312 Q104,272 126,236 Q106,200 126,165 Z',
    front:
      'M262,178 C272,102 232,78 196,78 C156,80 128,106 138,170 C154,124 186,110 218,126 C238,136 254,156 262,178 Z',
    ears: false,
  },
];

const FACE =
  'M142,162 C142,112 170,96 200,96 C230,96 258,112 258,162 C258,206 232,246 200,246 C168,246 142,206 142,162 Z';

function broadcasterPortrait(userid: string): string {
  const prng = prngFor('portrait', userid);
  const hue = hueFor(userid);
  const skin = prng.pick(SKIN);
  const hair = prng.pick(HAIR);
  const lips = prng.pick(LIPS);
  const style = prng.pick(HAIR_STYLES);
  const clothes = prng.pick(CLOTHES);
  const earrings = prng.chance(0.5);
  const skinShadow = shade(skin, -0.14);
  const bokeh = Array.from({ length: 6 }, () => {
    const x = prng.int(10, 390);
    const y = prng.int(10, 260);
    const r = prng.int(14, 46);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" opacity="${(prng.int(6, 16) / 100).toFixed(2)}"/>`;
  }).join('');
  const defs = [
    linear('bg', hsl(hue, 62, 80), hsl(hue + 40, 52, 60), 1, 1),
    linear('cloth', shade(clothes, 0.08), shade(clothes, -0.3), 0, 1),
    radial('glow', [
      [0, '#fff', 0.55],
      [1, '#fff', 0],
    ]),
    linear('hairShine', shade(hair, 0.25), hair, 1, 1),
  ].join('');
  const body = [
    `<defs>${defs}</defs>`,
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>`,
    `<circle cx="200" cy="170" r="190" fill="url(#glow)"/>`,
    bokeh,
    `<g fill="${hair}">${style.extra ?? ''}<path d="${style.back}"/></g>`,
    // Neck with a soft shadow under the chin.
    `<rect x="180" y="222" width="40" height="68" rx="16" fill="${skin}"/>`,
    `<ellipse cx="200" cy="238" rx="22" ry="12" fill="${skinShadow}" opacity=".55"/>`,
    `<path d="M34,400 C38,330 92,290 160,282 L240,282 C308,290 362,330 366,400 Z" fill="url(#cloth)"/>`,
    `<path d="M170,281 Q200,336 230,281 Z" fill="${skin}"/>`,
    style.ears
      ? `<ellipse cx="143" cy="176" rx="9" ry="15" fill="${skinShadow}"/><ellipse cx="257" cy="176" rx="9" ry="15" fill="${skinShadow}"/>`
      : '',
    earrings && style.ears
      ? `<circle cx="143" cy="196" r="4.5" fill="#f4d27a"/><circle cx="257" cy="196" r="4.5" fill="#f4d27a"/>`
      : '',
    `<path d="${FACE}" fill="${skin}"/>`,
    `<path d="${style.front}" fill="url(#hairShine)"/>`,
    features(skinShadow, hair, lips),
  ].join('');
  return svgDocument(SIZE, SIZE, body, `Portrait of ${userid}`);
}

function features(skinShadow: string, hair: string, lips: string): string {
  const brow = shade(hair, -0.1);
  return [
    `<g fill="none" stroke="${brow}" stroke-width="3.5" stroke-linecap="round">`,
    '<path d="M164,154 Q177,146 190,152"/><path d="M210,152 Q223,146 236,154"/></g>',
    '<g fill="#2e2226">',
    '<ellipse cx="178" cy="172" rx="6.5" ry="7.5"/><ellipse cx="222" cy="172" rx="6.5" ry="7.5"/></g>',
    '<g fill="#fff"><circle cx="180" cy="169.5" r="2.2"/><circle cx="224" cy="169.5" r="2.2"/></g>',
    '<g fill="none" stroke="#2e2226" stroke-width="2.2" stroke-linecap="round">',
    '<path d="M168,168 Q178,160 188,166"/><path d="M212,166 Q222,160 232,168"/></g>',
    `<path d="M195,197 Q200,202 205,197" fill="none" stroke="${skinShadow}" stroke-width="2.5" stroke-linecap="round"/>`,
    '<g fill="#ff7f96" opacity=".16"><circle cx="167" cy="198" r="11"/><circle cx="233" cy="198" r="11"/></g>',
    `<path d="M185,216 Q192,211 200,214 Q208,211 215,216 Q200,232 185,216 Z" fill="${lips}"/>`,
    `<path d="M185,216 Q200,221 215,216" fill="none" stroke="${shade(lips, -0.25)}" stroke-width="1.5" stroke-linecap="round"/>`,
  ].join('');
}

function memberSilhouette(userid: string): string {
  const prng = prngFor('portrait', userid);
  const hue = 200 + prng.int(0, 40);
  const body = [
    `<defs>${linear('bg', hsl(hue, 22, 86), hsl(hue, 20, 70), 1, 1)}</defs>`,
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>`,
    `<g fill="${hsl(hue, 18, 97)}" opacity=".92">`,
    '<circle cx="200" cy="160" r="70"/>',
    '<path d="M60,400 C64,318 122,268 200,268 C278,268 336,318 340,400 Z"/></g>',
  ].join('');
  return svgDocument(SIZE, SIZE, body, `Portrait of ${userid}`);
}

/** Broadcaster ids start with 'A', members with 'M'; anything else gets the neutral silhouette. */
export function portraitSvg(userid: string): string {
  return userid.startsWith('A') ? broadcasterPortrait(userid) : memberSilhouette(userid);
}
