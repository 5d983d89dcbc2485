/** The members she has banned from her rooms, newest first, each with Lift ban. */
import { useState } from 'react';
import type { RoomBan } from '../../../protocol/live/room-moderation';
import { errorText } from '../../api/use-request';
import { unbanMember } from './moderation-api';
import './moderation.css';

export function RoomBans({ bans, onDone }: { bans: readonly RoomBan[]; onDone: () => void }) {
  const [error, setError] = useState('');
  const [lifting, setLifting] = useState('');
  async function lift(userid: string) {
    setLifting(userid);
    setError('');
    try {
      await unbanMember(userid);
      onDone();
    } catch (e) {
      setError(errorText(e));
    }
    setLifting('');
  }
  return (
    <section className="room-bans" aria-label="Banned members" data-testid="room-bans">
      <h4>Banned ({bans.length})</h4>
      {bans.length === 0 ? (
        <p className="muted">Nobody is banned from your rooms.</p>
      ) : (
        <ul>
          {bans.map((ban) => (
            <li key={ban.user_id} data-userid={ban.user_id}>
              {ban.nickname || ban.user_id} <span className="muted">({ban.user_id})</span>{' '}
              <span className="viewer-tag">{ban.scope === 'forever' ? 'For good' : 'This session'}</span>
              <button
                type="button"
                className="btn btn-small btn-ghost"
                disabled={lifting === ban.user_id}
                aria-label={`Lift ban on ${ban.nickname || ban.user_id}`}
                onClick={() => void lift(ban.user_id)}
              >
                Lift ban
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && <p role="alert">{error}</p>}
    </section>
  );
}
