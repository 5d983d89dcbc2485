/** Inline icons (decorative: always aria-hidden; the control carries the label). */
import type { ReactNode } from 'react';

function Svg({ children, size = 20 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const BellIcon = () => (
  <Svg>
    <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </Svg>
);
export const CoinIcon = () => (
  <Svg size={16}>
    <circle cx="12" cy="12" r="9" />
    <path d="M14.5 9.5c-.5-1-1.5-1.5-2.5-1.5-1.7 0-2.8 1-2.8 2.2 0 2.8 5.6 1.4 5.6 4.2 0 1.2-1.2 2.1-2.8 2.1-1.1 0-2.1-.5-2.6-1.5M12 6.5v1.5m0 8v1.5" />
  </Svg>
);
/** A postage stamp (perforated edge, a picture inside): not an envelope, which reads as unread mail. */
export const StampIcon = () => (
  <Svg size={16}>
    <rect x="4" y="3" width="16" height="18" rx="1" strokeDasharray="2.2 1.8" />
    <rect x="8" y="7" width="8" height="7" rx="0.5" />
    <path d="M8 17.5h8" />
  </Svg>
);
export const ClockIcon = () => (
  <Svg size={16}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </Svg>
);
export const ChevronDown = () => (
  <Svg size={16}>
    <path d="m6 9 6 6 6-6" />
  </Svg>
);
export const ArrowUp = () => (
  <Svg>
    <path d="m18 15-6-6-6 6" />
  </Svg>
);
export const HeartIcon = ({ filled = false }: { filled?: boolean }) => (
  <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path
      d="M12 21s-7.5-4.6-9.5-9.2C1 8.2 3.2 4.5 7 4.5c2.1 0 3.7 1.1 5 2.8 1.3-1.7 2.9-2.8 5-2.8 3.8 0 6 3.7 4.5 7.3C19.5 16.4 12 21 12 21Z"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
    />
  </svg>
);
export const WaveIcon = () => (
  <Svg size={18}>
    <path d="M7 11V6a1.5 1.5 0 0 1 3 0v4m0-1V4.5a1.5 1.5 0 0 1 3 0V10m0-4.5a1.5 1.5 0 0 1 3 0V12m0-3.5a1.5 1.5 0 0 1 3 0V15a7 7 0 0 1-7 7h-1a7 7 0 0 1-5.6-2.8L3.3 16a1.5 1.5 0 0 1 2.4-1.8L7 16" />
  </Svg>
);
export const CakeIcon = () => (
  <Svg size={18}>
    <path d="M4 21v-8a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v8M2 21h20M7 11V8m5 3V8m5 3V8M7 4v.01M12 4v.01M17 4v.01" />
  </Svg>
);
export const CrownIcon = () => (
  <Svg size={14}>
    <path d="m2 7 5 4 5-7 5 7 5-4-2 12H4Z" />
  </Svg>
);
export const CloseIcon = () => (
  <Svg size={18}>
    <path d="M18 6 6 18M6 6l12 12" />
  </Svg>
);
export const ChevronLeft = () => (
  <Svg size={18}>
    <path d="m15 18-6-6 6-6" />
  </Svg>
);

// The main sections, drawn at the bottom tab bar's size.
export const CompassIcon = () => (
  <Svg size={22}>
    <circle cx="12" cy="12" r="9" />
    <path d="m15.5 8.5-2 5-5 2 2-5Z" />
  </Svg>
);
export const TicketIcon = () => (
  <Svg size={22}>
    <path d="M3 8a2 2 0 0 0 2-2h14a2 2 0 0 0 2 2v2a2 2 0 0 0 0 4v2a2 2 0 0 0-2 2H5a2 2 0 0 0-2-2v-2a2 2 0 0 0 0-4Z" />
    <path d="M14 6v2m0 3v2m0 3v2" />
  </Svg>
);
export const ChatIcon = () => (
  <Svg size={22}>
    <path d="M21 12a8 8 0 0 1-11.8 7l-5.2 1.5 1.5-4.6A8 8 0 1 1 21 12Z" />
  </Svg>
);
export const MailIcon = () => (
  <Svg size={22}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </Svg>
);
export const HelpIcon = () => (
  <Svg size={22}>
    <circle cx="12" cy="12" r="9" />
    <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.5v.7M12 17h.01" />
  </Svg>
);
export const NewsIcon = () => (
  <Svg size={22}>
    <path d="M4 5h13v13a2 2 0 0 0 2 2H6a2 2 0 0 1-2-2Z" />
    <path d="M17 9h3v9a2 2 0 0 1-2 2M8 9h5M8 13h5M8 16h3" />
  </Svg>
);

/**
 * The app's mark (public/favicon.svg, without its glow), drawn inline: as an image it was one more
 * request before every signed-in page could paint.
 */
export function BrandMark({ size = 30 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 512 512" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="brand-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#e0457b" />
          <stop offset=".55" stopColor="#8e2f78" />
          <stop offset="1" stopColor="#3a1640" />
        </linearGradient>
      </defs>
      <rect width="512" height="512" rx="112" fill="url(#brand-bg)" />
      <g fill="#fff">
        <path d="M256 92C266 196 300 238 412 256C300 274 266 316 256 420C246 316 212 274 100 256C212 238 246 196 256 92Z" />
        <path
          d="M382 108C386 140 396 150 426 154C396 158 386 168 382 200C378 168 368 158 338 154C368 150 378 140 382 108Z"
          opacity=".85"
        />
        <circle cx="140" cy="372" r="16" opacity=".7" />
      </g>
    </svg>
  );
}
