/**
 * Where he cannot write to her yet (below Intimacy Level 1): what gets him there, with the ways in
 * one tap away. The spec's 16157 text stays above it, in the editor.
 */
import { Link } from '@tanstack/react-router';
import { WATCH_MIN_MINUTES } from '../../../protocol/messages/messages';

export function IntimacyHowTo({ anchorId, name }: { anchorId: string; name: string }) {
  return (
    <div className="pm-howto" data-testid="intimacy-howto">
      <p className="pm-howto-title">
        <strong>Reach Intimacy Level 1 with {name || 'her'} to write to her:</strong>
      </p>
      <ul className="pm-howto-list">
        <li>
          <Link to="/live" search={{ anchorid: anchorId, type: 'public' }}>
            Watch her broadcast
          </Link>{' '}
          for {WATCH_MIN_MINUTES} minutes when she is live
        </li>
        <li>
          <Link to="/livechat" search={{ anchorid: anchorId }}>
            Chat with her
          </Link>{' '}
          in Live Chat
        </li>
        <li>
          <Link to="/compose" search={{ anchorid: anchorId }}>
            Send her a mail
          </Link>
        </li>
        <li>
          <Link to="/sayhisendindex" search={{ anchorid: anchorId }}>
            Say Hi
          </Link>{' '}
          — when she answers
        </li>
      </ul>
    </div>
  );
}
