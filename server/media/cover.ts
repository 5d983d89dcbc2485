/**
 * A broadcaster's cover: a 16:9 landscape (sky, a sun or moon, layered hills, sometimes a sea),
 * its mood and colours chosen by the id.
 */
import type { Prng } from '../seed/prng';
import { hsl, linear, prngFor, radial, svgDocument } from './draw';

const WIDTH = 640;
const HEIGHT = 360;

interface Mood {
  skyTop: (h: number) => string;
  skyBottom: (h: number) => string;
  orb: string;
  night: boolean;
  hill: (h: number, layer: number) => string;
}

const MOODS: Mood[] = [
  {
    // Sunset.
    skyTop: (h) => hsl(h + 250, 45, 38),
    skyBottom: () => hsl(28, 90, 70),
    orb: '#fff1c9',
    night: false,
    hill: (h, layer) => hsl(h + 280, 30, 34 - layer * 7),
  },
  {
    // Clear day.
    skyTop: () => hsl(205, 70, 62),
    skyBottom: () => hsl(190, 60, 88),
    orb: '#fffbe6',
    night: false,
    hill: (h, layer) => hsl(120 + (h % 50), 32, 52 - layer * 9),
  },
  {
    // Dusk in pink and violet.
    skyTop: () => hsl(265, 40, 42),
    skyBottom: () => hsl(335, 70, 80),
    orb: '#ffe3ec',
    night: false,
    hill: (_h, layer) => hsl(285, 28, 40 - layer * 8),
  },
  {
    // Night with stars.
    skyTop: () => hsl(228, 50, 14),
    skyBottom: () => hsl(220, 45, 34),
    orb: '#f4f1ff',
    night: true,
    hill: (_h, layer) => hsl(225, 30, 24 - layer * 5),
  },
];

/** A smooth ridge from left to right, closed along the bottom edge. */
function ridge(prng: Prng, base: number, amplitude: number, points: number): string {
  const step = WIDTH / (points - 1);
  const ys = Array.from({ length: points }, () => base - prng.next() * amplitude);
  let d = `M0,${HEIGHT} L0,${ys[0]?.toFixed(1)}`;
  for (let i = 0; i < points - 1; i++) {
    const x0 = i * step;
    const y0 = ys[i] ?? base;
    const y1 = ys[i + 1] ?? base;
    d += ` Q${x0.toFixed(1)},${y0.toFixed(1)} ${(x0 + step / 2).toFixed(1)},${((y0 + y1) / 2).toFixed(1)}`;
  }
  d += ` T${WIDTH},${(ys[points - 1] ?? base).toFixed(1)} L${WIDTH},${HEIGHT} Z`;
  return d;
}

export function coverSvg(userid: string): string {
  const prng = prngFor('cover', userid);
  const mood = prng.pick(MOODS);
  const hue = prng.int(0, 359);
  const sea = prng.chance(0.4);
  const orbX = prng.int(120, 520);
  const orbY = prng.int(70, 140);
  const orbR = mood.night ? prng.int(20, 28) : prng.int(30, 44);
  const horizon = sea ? 250 : 300;
  const parts: string[] = [];
  parts.push(
    `<defs>${linear('sky', mood.skyTop(hue), mood.skyBottom(hue))}${radial('orbGlow', [
      [0, mood.orb, 0.9],
      [0.35, mood.orb, 0.35],
      [1, mood.orb, 0],
    ])}${linear('sea', mood.skyBottom(hue), mood.skyTop(hue))}</defs>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>`,
  );
  if (mood.night) {
    for (let i = 0; i < 60; i++) {
      const r = (prng.int(4, 14) / 10).toFixed(1);
      parts.push(
        `<circle cx="${prng.int(0, WIDTH)}" cy="${prng.int(0, 220)}" r="${r}" fill="#fff" opacity="${(prng.int(35, 95) / 100).toFixed(2)}"/>`,
      );
    }
  } else {
    for (let i = 0; i < 4; i++) {
      const x = prng.int(-40, WIDTH);
      const y = prng.int(30, 150);
      const w = prng.int(70, 140);
      parts.push(
        `<g fill="#fff" opacity=".35"><ellipse cx="${x}" cy="${y}" rx="${w / 2}" ry="10"/><ellipse cx="${x + w / 6}" cy="${y - 8}" rx="${w / 4}" ry="11"/></g>`,
      );
    }
  }
  parts.push(`<circle cx="${orbX}" cy="${orbY}" r="${orbR * 3.5}" fill="url(#orbGlow)"/>`);
  if (mood.night) {
    // A crescent: a masked bite, so the glow behind shows through it.
    parts.push(
      `<mask id="crescent"><circle cx="${orbX}" cy="${orbY}" r="${orbR}" fill="#fff"/><circle cx="${orbX + orbR * 0.45}" cy="${orbY - orbR * 0.25}" r="${orbR * 0.85}" fill="#000"/></mask>`,
      `<circle cx="${orbX}" cy="${orbY}" r="${orbR}" fill="${mood.orb}" mask="url(#crescent)"/>`,
    );
  } else {
    parts.push(`<circle cx="${orbX}" cy="${orbY}" r="${orbR}" fill="${mood.orb}"/>`);
  }
  const layers = 3;
  for (let layer = 0; layer < layers; layer++) {
    const base = horizon - 70 + layer * 38;
    parts.push(
      `<path d="${ridge(prng, base, 70 - layer * 15, 6 + layer * 2)}" fill="${mood.hill(hue, layer)}" opacity="${layer === 0 ? 0.75 : 1}"/>`,
    );
  }
  if (sea) {
    parts.push(
      `<rect y="${horizon + 30}" width="${WIDTH}" height="${HEIGHT - horizon - 30}" fill="url(#sea)"/>`,
    );
    for (let i = 0; i < 7; i++) {
      const y = horizon + 40 + i * 11;
      const w = 40 - i * 3;
      parts.push(
        `<rect x="${orbX - w / 2 + prng.int(-6, 6)}" y="${y}" width="${w}" height="2.5" rx="1.25" fill="${mood.orb}" opacity="${(0.6 - i * 0.07).toFixed(2)}"/>`,
      );
    }
  }
  return svgDocument(WIDTH, HEIGHT, parts.join(''), `Cover of ${userid}`);
}
