/**
 * The profile-tips strip (spec 002 §4 "Profile tips"): it rotates between the profile, email and
 * phone tips, each shown only while true (his account says so); each kind can be dismissed, and
 * stays dismissed for this member on this device.
 */
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { CloseIcon } from '../../app/layout/icons';
import { userState } from '../../state/user';
import { editProfilePath, ProfilePages } from '../profile/paths';
import { hiddenTips, nextTip, type TipKind } from './tips';

const TIPS: Record<TipKind, { title: string; text: string; action: string }> = {
  1: {
    title: 'Complete your profile',
    text: 'Broadcasters reply more to members with a photo and a few words about themselves.',
    action: 'Edit profile',
  },
  2: {
    title: 'Verify your login email',
    text: 'A verified email keeps your account safe and lets you recover it.',
    action: 'Verify email',
  },
  3: {
    title: 'Verify your mobile number',
    text: 'Get show reminders and booking notices by SMS.',
    action: 'Verify number',
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
  const { me } = useSnapshot(userState);
  const [dismissed, setDismissed] = useState<TipKind[]>(() => readDismissed(userid));
  const hidden = useMemo(() => hiddenTips(me ?? {}, dismissed), [me, dismissed]);
  const [chosen, setCurrent] = useState<TipKind | null>(null);
  const [paused, setPaused] = useState(false);
  // A tip that stopped being true (he just verified) gives way to the next one at once.
  const current = chosen !== null && !hidden.includes(chosen) ? chosen : nextTip(chosen, hidden);

  useEffect(() => {
    if (paused) return;
    const t = setInterval(() => setCurrent((c) => nextTip(c, hidden)), ROTATE_MS);
    return () => clearInterval(t);
  }, [hidden, paused]);

  if (current === null) return null;
  const tip = TIPS[current];
  const to =
    current === 1
      ? editProfilePath(me?.step)
      : current === 2
        ? ProfilePages.verifyEmail
        : ProfilePages.verifyPhone;

  const dismiss = () => {
    const next = [...dismissed, current];
    setDismissed(next);
    setCurrent(nextTip(current, hiddenTips(me ?? {}, next)));
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
      <div className="profile-tip" key={current} data-testid={`profile-tip-${current}`}>
        <div className="profile-tip-text">
          <strong>{tip.title}</strong>
          <span>{tip.text}</span>
        </div>
        <Link to={to} className="btn btn-primary btn-small" data-testid={`tip-action-${current}`}>
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
          .filter((k) => !hidden.includes(k))
          .map((k) => (
            <span key={k} className={k === current ? 'dot active' : 'dot'} />
          ))}
      </div>
    </aside>
  );
}
