/**
 * The profile-tips strip (spec 002 §4 "Profile tips"): it rotates between the profile, email and
 * phone tips; each kind can be dismissed, and stays dismissed for this member on this device.
 */
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { CloseIcon } from '../../app/layout/icons';
import { nextTip, type TipKind } from './tips';

const TIPS: Record<TipKind, { title: string; text: string; action: string; to: string }> = {
  1: {
    title: 'Complete your profile',
    text: 'Broadcasters reply more to members with a photo and a few words about themselves.',
    action: 'Edit profile',
    to: '/mysetting/options',
  },
  2: {
    title: 'Verify your login email',
    text: 'A verified email keeps your account safe and lets you recover it.',
    action: 'Verify email',
    to: '/mysetting/options',
  },
  3: {
    title: 'Verify your mobile number',
    text: 'Get show reminders and booking notices by SMS.',
    action: 'Verify number',
    to: '/mysetting/options',
  },
};

const ROTATE_MS = 7000;
const storageKey = (userid: string) => `glimmer.tips.dismissed.${userid}`;

function readDismissed(userid: string): TipKind[] {
  try {
    const raw = JSON.parse(localStorage.getItem(storageKey(userid)) ?? '[]');
    return Array.isArray(raw) ? raw.filter((k): k is TipKind => k === 1 || k === 2 || k === 3) : [];
  } catch {
    return [];
  }
}

export function ProfileTips({ userid }: { userid: string }) {
  const [dismissed, setDismissed] = useState<TipKind[]>(() => readDismissed(userid));
  const [current, setCurrent] = useState<TipKind | null>(() => nextTip(null, readDismissed(userid)));
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused) return;
    const t = setInterval(() => setCurrent((c) => nextTip(c, dismissed)), ROTATE_MS);
    return () => clearInterval(t);
  }, [dismissed, paused]);

  if (current === null) return null;
  const tip = TIPS[current];

  const dismiss = () => {
    const next = [...dismissed, current];
    setDismissed(next);
    setCurrent(nextTip(current, next));
    try {
      localStorage.setItem(storageKey(userid), JSON.stringify(next));
    } catch {
      // Storage refused: the tip stays dismissed for this visit only.
    }
  };

  return (
    <aside
      className="profile-tips"
      aria-label="Profile tips"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="profile-tip" key={current}>
        <div className="profile-tip-text">
          <strong>{tip.title}</strong>
          <span>{tip.text}</span>
        </div>
        <Link to={tip.to} className="btn btn-primary btn-small">
          {tip.action}
        </Link>
        <button
          type="button"
          className="tip-close"
          aria-label={`Dismiss tip: ${tip.title}`}
          onClick={dismiss}
        >
          <CloseIcon />
        </button>
      </div>
      <div className="tip-dots" aria-hidden="true">
        {([1, 2, 3] as const)
          .filter((k) => !dismissed.includes(k))
          .map((k) => (
            <span key={k} className={k === current ? 'dot active' : 'dot'} />
          ))}
      </div>
    </aside>
  );
}
