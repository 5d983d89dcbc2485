/** Who is watching her public room while she is live, and what this broadcast has earned. */
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { VIEWERS_REFRESH_MS, type ViewersAnswer } from '../../../protocol/live';
import { moneyLabel } from '../../../protocol/money';
import { liveViewers } from '../../api/live';
import { configState, currencyOf } from '../../state/config';

export function LiveViewers() {
  const [answer, setAnswer] = useState<ViewersAnswer | null>(null);
  const { config } = useSnapshot(configState);
  const { words, multiplier } = currencyOf(config);
  useEffect(() => {
    let live = true;
    const load = () =>
      liveViewers().then(
        (next) => live && setAnswer(next),
        () => {},
      );
    void load();
    const timer = setInterval(load, VIEWERS_REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);
  if (!answer) return null;
  return (
    <div className="live-viewers" data-testid="live-viewers">
      <h3>Watching now ({answer.viewers.length})</h3>
      {answer.viewers.length === 0 ? (
        <p className="muted">Nobody yet. Members see your Live badge on Discover and your profile.</p>
      ) : (
        <ul>
          {answer.viewers.map((v) => (
            <li key={v.user_id}>
              {v.nickname} <span className="muted">({v.user_id})</span>
            </li>
          ))}
        </ul>
      )}
      <p>Earned this broadcast: {moneyLabel(answer.earned, words, multiplier)}</p>
    </div>
  );
}
