/** Gift icons: a simple drawing picked by the gift's name, a wrapped box for anything unknown. */
import { linear, radial, svgDocument } from './draw';

const SIZE = 128;

const HEART =
  'M64,106 C28,82 14,62 14,44 C14,28 26,18 40,18 C50,18 58,24 64,34 C70,24 78,18 88,18 C102,18 114,28 114,44 C114,62 100,82 64,106 Z';

const shine = (cx: number, cy: number, rx: number, ry: number) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#fff" opacity=".45" transform="rotate(-30 ${cx} ${cy})"/>`;

const heart = () =>
  `<defs>${linear('g', '#ff7a93', '#d81b47')}</defs><path d="${HEART}" fill="url(#g)"/>${shine(38, 40, 10, 6)}`;

const heartArrow = () =>
  [
    `<defs>${linear('g', '#ff8aa8', '#e0245e')}</defs>`,
    '<path d="M10,102 L112,24" stroke="#8a5a2b" stroke-width="4" stroke-linecap="round"/>',
    `<path d="${HEART}" fill="url(#g)" transform="translate(8 6) scale(.88)"/>`,
    shine(40, 42, 9, 5),
    '<path d="M64,70 L112,24" stroke="#8a5a2b" stroke-width="4" stroke-linecap="round"/>',
    '<path d="M112,24 L98,26 L110,38 Z" fill="#b0b7c3"/>',
    '<path d="M10,102 L20,104 L12,94 Z M16,96 L26,98 L18,88 Z" fill="#f4a3b8"/>',
  ].join('');

const ring = () =>
  [
    `<defs>${linear('gold', '#ffe08a', '#c8901e')}${linear('gem', '#e9f7ff', '#8fd3ff')}</defs>`,
    '<circle cx="64" cy="80" r="32" fill="none" stroke="url(#gold)" stroke-width="9"/>',
    '<path d="M46,42 L56,28 L72,28 L82,42 L64,60 Z" fill="url(#gem)" stroke="#6cb6e6" stroke-width="2"/>',
    '<path d="M46,42 L82,42 M56,28 L60,42 L64,60 L68,42 L72,28" fill="none" stroke="#6cb6e6" stroke-width="1.5"/>',
    '<path d="M92,22 l3,7 7,3 -7,3 -3,7 -3,-7 -7,-3 7,-3 Z" fill="#fff6c2"/>',
  ].join('');

const car = () =>
  [
    `<defs>${linear('body', '#ff5a6e', '#b3122b')}</defs>`,
    '<path d="M12,84 C12,72 18,66 30,64 L42,46 C46,40 52,38 60,38 L82,38 C90,38 96,42 100,48 L110,64 C118,66 118,74 118,84 Z" fill="url(#body)"/>',
    '<path d="M48,48 C50,45 53,44 58,44 L68,44 L68,62 L40,62 Z M74,44 L82,44 C88,44 92,47 95,52 L101,62 L74,62 Z" fill="#cfe9ff"/>',
    '<g fill="#2b2b33"><circle cx="36" cy="86" r="13"/><circle cx="94" cy="86" r="13"/></g>',
    '<g fill="#c9ced6"><circle cx="36" cy="86" r="5.5"/><circle cx="94" cy="86" r="5.5"/></g>',
    '<rect x="108" y="70" width="8" height="5" rx="2" fill="#ffe58a"/>',
  ].join('');

const lips = () =>
  [
    `<defs>${linear('g', '#ff6f8a', '#c2123f')}</defs>`,
    '<path d="M14,62 C30,42 46,36 56,44 C60,47 62,48 64,48 C66,48 68,47 72,44 C82,36 98,42 114,62 C98,64 80,66 64,66 C48,66 30,64 14,62 Z" fill="url(#g)"/>',
    '<path d="M14,62 C30,64 48,66 64,66 C80,66 98,64 114,62 C100,86 82,94 64,94 C46,94 28,86 14,62 Z" fill="url(#g)"/>',
    '<path d="M20,62 Q64,72 108,62" fill="none" stroke="#8e0a2c" stroke-width="2.5" stroke-linecap="round"/>',
    shine(78, 80, 12, 4),
  ].join('');

const rose = () =>
  [
    `<defs>${radial('g', [
      [0, '#ff5c7a', 1],
      [1, '#b0102e', 1],
    ])}</defs>`,
    '<path d="M64,70 C62,88 60,100 62,120" stroke="#2f8f46" stroke-width="5" fill="none" stroke-linecap="round"/>',
    '<path d="M62,96 C48,84 34,88 30,96 C42,104 54,104 62,96 Z M63,86 C76,76 90,80 94,88 C82,94 70,94 63,86 Z" fill="#3aa757"/>',
    '<circle cx="64" cy="44" r="30" fill="url(#g)"/>',
    '<path d="M64,26 C80,28 84,44 72,50 C62,54 54,46 58,38 M44,40 C42,56 54,66 68,64 C80,62 88,54 88,44" fill="none" stroke="#8e0a2c" stroke-width="3" stroke-linecap="round"/>',
  ].join('');

const bouquet = () => {
  const bloom = (cx: number, cy: number, c: string) =>
    `<circle cx="${cx}" cy="${cy}" r="15" fill="${c}"/><circle cx="${cx}" cy="${cy}" r="6" fill="#ffe08a"/>`;
  return [
    '<path d="M40,64 L64,120 L88,64 Z" fill="#f3d9b1"/>',
    '<path d="M40,64 L64,120 L64,64 Z" fill="#e7c493"/>',
    '<g fill="#3aa757"><ellipse cx="34" cy="56" rx="12" ry="6" transform="rotate(-30 34 56)"/><ellipse cx="94" cy="56" rx="12" ry="6" transform="rotate(30 94 56)"/></g>',
    bloom(46, 48, '#ff7a9a'),
    bloom(82, 48, '#b886ff'),
    bloom(64, 32, '#ff5c7a'),
    bloom(64, 60, '#ffa3c0'),
    '<path d="M54,100 Q64,92 74,100 L64,106 Z" fill="#e0245e"/>',
  ].join('');
};

const teddy = () =>
  [
    '<g fill="#b7794a"><circle cx="36" cy="30" r="14"/><circle cx="92" cy="30" r="14"/><ellipse cx="64" cy="96" rx="34" ry="28"/><circle cx="64" cy="50" r="32"/></g>',
    '<g fill="#e6b98f"><circle cx="36" cy="30" r="7"/><circle cx="92" cy="30" r="7"/><ellipse cx="64" cy="60" rx="14" ry="11"/><ellipse cx="64" cy="100" rx="18" ry="15"/></g>',
    '<g fill="#2b1d16"><circle cx="52" cy="44" r="4"/><circle cx="76" cy="44" r="4"/><ellipse cx="64" cy="55" rx="5" ry="4"/></g>',
    '<path d="M58,64 Q64,69 70,64" fill="none" stroke="#2b1d16" stroke-width="2" stroke-linecap="round"/>',
    '<path d="M50,78 L64,86 L78,78 L78,92 L64,86 L50,92 Z" fill="#e0245e"/>',
  ].join('');

const champagne = () =>
  [
    '<g fill="#fff" stroke="#c9a227" stroke-width="3" stroke-linejoin="round">',
    '<path d="M30,20 L56,26 L48,58 C46,66 38,68 34,64 Z" transform="rotate(-6 40 40)"/>',
    '<path d="M98,20 L72,26 L80,58 C82,66 90,68 94,64 Z" transform="rotate(6 88 40)"/></g>',
    '<path d="M36,38 L52,42 L47,58 C45,63 39,64 37,61 Z M92,38 L76,42 L81,58 C83,63 89,64 91,61 Z" fill="#ffd966"/>',
    '<path d="M40,64 L38,104 M88,64 L90,104 M28,106 L48,104 M80,104 L100,106" stroke="#c9a227" stroke-width="4" stroke-linecap="round"/>',
    '<g fill="#ffe58a"><circle cx="64" cy="18" r="3"/><circle cx="58" cy="10" r="2"/><circle cx="70" cy="8" r="2.5"/></g>',
  ].join('');

const diamond = () =>
  [
    `<defs>${linear('g', '#e8fbff', '#5ec4f0')}</defs>`,
    '<path d="M20,48 L40,22 L88,22 L108,48 L64,108 Z" fill="url(#g)" stroke="#3a9cc9" stroke-width="2.5" stroke-linejoin="round"/>',
    '<path d="M20,48 L108,48 M40,22 L52,48 L64,108 L76,48 L88,22 M52,48 L64,22 L76,48" fill="none" stroke="#3a9cc9" stroke-width="2"/>',
    '<path d="M100,12 l3,7 7,3 -7,3 -3,7 -3,-7 -7,-3 7,-3 Z" fill="#fff"/>',
  ].join('');

const crown = () =>
  [
    `<defs>${linear('g', '#ffe27a', '#d39a12')}</defs>`,
    '<path d="M18,94 L12,38 L40,62 L64,26 L88,62 L116,38 L110,94 Z" fill="url(#g)" stroke="#b07a0c" stroke-width="2.5" stroke-linejoin="round"/>',
    '<rect x="18" y="94" width="92" height="14" rx="4" fill="#d39a12"/>',
    '<g fill="#e0245e"><circle cx="64" cy="74" r="7"/></g><g fill="#3a9cc9"><circle cx="38" cy="80" r="5"/><circle cx="90" cy="80" r="5"/></g>',
    '<g fill="#fff3b0"><circle cx="12" cy="38" r="5"/><circle cx="64" cy="26" r="5"/><circle cx="116" cy="38" r="5"/></g>',
  ].join('');

const cake = () =>
  [
    '<rect x="22" y="62" width="84" height="46" rx="8" fill="#ffd1dc"/>',
    '<path d="M22,70 Q32,80 42,70 Q52,80 64,70 Q76,80 86,70 Q96,80 106,70 L106,62 L22,62 Z" fill="#fff"/>',
    '<rect x="16" y="104" width="96" height="8" rx="4" fill="#c98b5b"/>',
    '<g fill="#e0245e"><circle cx="36" cy="88" r="4"/><circle cx="64" cy="92" r="4"/><circle cx="92" cy="88" r="4"/></g>',
    '<g fill="#8fd3ff"><rect x="40" y="36" width="7" height="26" rx="3"/><rect x="60" y="30" width="7" height="32" rx="3"/><rect x="80" y="36" width="7" height="26" rx="3"/></g>',
    '<g fill="#ffb020"><ellipse cx="43.5" cy="30" rx="4" ry="6"/><ellipse cx="63.5" cy="24" rx="4" ry="6"/><ellipse cx="83.5" cy="30" rx="4" ry="6"/></g>',
  ].join('');

const perfume = () =>
  [
    `<defs>${linear('g', '#f7c6ff', '#a05bd6')}</defs>`,
    '<rect x="54" y="14" width="20" height="16" rx="4" fill="#c9a227"/>',
    '<rect x="58" y="28" width="12" height="10" fill="#e2c36b"/>',
    '<rect x="28" y="38" width="72" height="74" rx="18" fill="url(#g)"/>',
    '<rect x="42" y="60" width="44" height="26" rx="6" fill="#fff" opacity=".7"/>',
    shine(44, 52, 10, 4),
  ].join('');

const star = () =>
  [
    `<defs>${linear('g', '#fff07a', '#f5a300')}</defs>`,
    '<path d="M64,12 L79,46 L116,49 L88,73 L97,110 L64,90 L31,110 L40,73 L12,49 L49,46 Z" fill="url(#g)" stroke="#e08e00" stroke-width="2.5" stroke-linejoin="round"/>',
    shine(54, 44, 9, 5),
  ].join('');

const clover = () =>
  [
    '<path d="M64,70 C66,90 74,104 86,116" stroke="#2f8f46" stroke-width="5" fill="none" stroke-linecap="round"/>',
    '<g fill="#3fb95f">',
    ...[0, 90, 180, 270].map(
      (angle) =>
        `<path d="M64,66 C44,62 36,38 50,30 C58,26 64,34 64,40 C64,34 70,26 78,30 C92,38 84,62 64,66 Z" transform="rotate(${angle} 64 66) translate(0 -6)"/>`,
    ),
    '</g><circle cx="64" cy="66" r="5" fill="#2f8f46"/>',
  ].join('');

const giftBox = () =>
  [
    `<defs>${linear('g', '#8ec5ff', '#3b7fd9')}</defs>`,
    '<rect x="20" y="54" width="88" height="58" rx="6" fill="url(#g)"/>',
    '<rect x="14" y="40" width="100" height="20" rx="5" fill="#5b9cf0"/>',
    '<rect x="57" y="40" width="14" height="72" fill="#ff5c7a"/>',
    '<path d="M64,40 C50,20 30,22 34,34 C37,42 52,42 64,40 Z M64,40 C78,20 98,22 94,34 C91,42 76,42 64,40 Z" fill="#ff5c7a"/>',
  ].join('');

/** Checked in order: 'Lucky Clover' must not be read as a love gift. */
const ICONS: [RegExp, () => string][] = [
  [/clover|luck/, clover],
  [/marry|ring|propos/, ring],
  [/first sight|arrow|cupid/, heartArrow],
  [/\bcars?\b|\brides?\b/, car],
  [/kiss|lip/, lips],
  [/bouquet|flowers/, bouquet],
  [/rose|flower/, rose],
  [/bear|teddy/, teddy],
  [/champagne|wine|toast/, champagne],
  [/diamond|gem/, diamond],
  [/crown|king|queen/, crown],
  [/cake|birthday/, cake],
  [/perfume/, perfume],
  [/star/, star],
  [/heart|love/, heart],
];

export function giftSvg(giftid: string, name: string): string {
  const lower = name.toLowerCase();
  const draw = ICONS.find(([pattern]) => pattern.test(lower))?.[1] ?? giftBox;
  return svgDocument(SIZE, SIZE, draw(), name || `Gift ${giftid}`);
}
