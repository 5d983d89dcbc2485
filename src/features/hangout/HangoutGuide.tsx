/** The hang-out guide beside her Hang-out button: at most 3 times, once a day (guide.ts). */
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { userState } from '../../state/user';
import { takeGuideTurn } from './guide';

export function HangoutGuide() {
  const userid = useSnapshot(userState).me?.userid ?? '';
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (userid) setShown(takeGuideTurn(userid, new Date()));
  }, [userid]);
  if (!shown) return null;
  return (
    <aside className="hangout-guide" aria-label="Hang-out guide" data-testid="hangout-guide">
      <p>
        <strong>Hang-out:</strong> meet her and up to three of her friends together on camera.
      </p>
      <Link to="/howhangoutwork">How it works</Link>{' '}
      <button type="button" className="btn btn-small btn-ghost" onClick={() => setShown(false)}>
        Got it
      </button>
    </aside>
  );
}
