/**
 * Draws the Glimmer mark as SVG and renders the PWA icons from it in Chromium.
 * Run: `npx tsx scripts/make-icons.ts` (writes public/favicon.svg and public/icons/*.png).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const root = new URL('..', import.meta.url).pathname;
const iconsDir = join(root, 'public', 'icons');

// Every glyph is drawn on a 512 x 512 grid, centred on (256, 256).
const SPARK =
  'M256 92C266 196 300 238 412 256C300 274 266 316 256 420C246 316 212 274 100 256C212 238 246 196 256 92Z';
const SMALL_SPARK =
  'M382 108C386 140 396 150 426 154C396 158 386 168 382 200C378 168 368 158 338 154C368 150 378 140 382 108Z';
const BUBBLE =
  'M136 140H376A40 40 0 0 1 416 180V308A40 40 0 0 1 376 348H236L164 404V348H136A40 40 0 0 1 96 308V180A40 40 0 0 1 136 140Z';
const TICKET =
  'M96 168A24 24 0 0 1 120 144H392A24 24 0 0 1 416 168V216A40 40 0 0 0 416 296V344A24 24 0 0 1 392 368H120A24 24 0 0 1 96 344V296A40 40 0 0 0 96 216Z';

type Glyph = 'mark' | 'messages' | 'ticket';

function glyph(kind: Glyph): string {
  const ink = 'fill="url(#ink)"';
  if (kind === 'mark') {
    return `<path d="${SPARK}" ${ink}/><path d="${SMALL_SPARK}" ${ink} opacity=".85"/><circle cx="140" cy="372" r="16" ${ink} opacity=".7"/>`;
  }
  if (kind === 'messages') {
    // A chat bubble with a small spark inside: a message from someone who glimmers.
    return `<path d="${BUBBLE}" ${ink}/><path d="${SPARK}" fill="#b8326a" transform="translate(256 244) scale(.42) translate(-256 -256)"/>`;
  }
  return `<path d="${TICKET}" ${ink}/><path d="M300 176V336" stroke="#b8326a" stroke-width="10" stroke-dasharray="18 14" stroke-linecap="round"/><path d="${SPARK}" fill="#b8326a" transform="translate(198 256) scale(.3) translate(-256 -256)"/>`;
}

interface IconOptions {
  glyph: Glyph;
  /** Rounded corners with transparent edges; off for maskable and Apple icons, whose platform crops. */
  rounded: boolean;
  /** Glyph scale around the centre; maskable icons keep the glyph inside the central 80 % circle. */
  scale: number;
}

function iconSvg({ glyph: kind, rounded, scale }: IconOptions, size?: number): string {
  const dims = size ? ` width="${size}" height="${size}"` : '';
  const radius = rounded ? 112 : 0;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"${dims}>
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e0457b"/><stop offset=".55" stop-color="#8e2f78"/><stop offset="1" stop-color="#3a1640"/></linearGradient>
<radialGradient id="glow" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="#ffd6e4" stop-opacity=".55"/><stop offset="1" stop-color="#ffd6e4" stop-opacity="0"/></radialGradient>
<linearGradient id="ink" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#ffe3ec"/></linearGradient>
</defs>
<rect width="512" height="512" rx="${radius}" fill="url(#bg)"/>
<circle cx="256" cy="256" r="${190 * scale}" fill="url(#glow)"/>
<g transform="translate(256 256) scale(${scale}) translate(-256 -256)">${glyph(kind)}</g>
</svg>
`;
}

const icons: { file: string; size: number; options: IconOptions }[] = [
  { file: 'icon-192.png', size: 192, options: { glyph: 'mark', rounded: true, scale: 1 } },
  { file: 'icon-512.png', size: 512, options: { glyph: 'mark', rounded: true, scale: 1 } },
  // The spark reaches 164 px from the centre; at 0.8 it stays well inside the 204 px safe circle.
  { file: 'maskable-512.png', size: 512, options: { glyph: 'mark', rounded: false, scale: 0.8 } },
  { file: 'apple-touch-icon-180.png', size: 180, options: { glyph: 'mark', rounded: false, scale: 0.86 } },
  { file: 'shortcut-discover-96.png', size: 96, options: { glyph: 'mark', rounded: true, scale: 1 } },
  { file: 'shortcut-messages-96.png', size: 96, options: { glyph: 'messages', rounded: true, scale: 1 } },
  { file: 'shortcut-tickets-96.png', size: 96, options: { glyph: 'ticket', rounded: true, scale: 1 } },
];

async function main(): Promise<void> {
  mkdirSync(iconsDir, { recursive: true });
  writeFileSync(join(root, 'public', 'favicon.svg'), iconSvg({ glyph: 'mark', rounded: true, scale: 1 }));

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    for (const { file, size, options } of icons) {
      await page.setViewportSize({ width: size, height: size });
      await page.setContent(
        `<html><body style="margin:0;background:transparent">${iconSvg(options, size)}</body></html>`,
      );
      const png = await page.locator('svg').screenshot({ omitBackground: true });
      writeFileSync(join(iconsDir, file), png);
      console.log(`public/icons/${file} (${size}px, ${png.length} bytes)`);
    }
  } finally {
    await browser.close();
  }
}

await main();
