/**
 * The invite bubbles: stacked at the bottom right (on phones full width and compact, above the
 * bottom tab bar), each with the broadcaster's photo, name, message, its button, a close x and a
 * thin bar of the time it has left. The stack keeps clear of the header, the tab bar, a composer
 * and the control in use (keep-clear.ts). Mounted once in the shell; it also runs the invitation
 * store for the signed-in member and opens the One-on-One when a broadcaster accepts the member's
 * own request.
 */
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { notificationsState } from '../../state/notifications';
import { isChatWindow, openChatWindow } from '../livechat/chat-now';
import { useRequestStarter } from '../requests';
import { inviteStore, linkInvites } from './index';
import { keepClear } from './keep-clear';
import { LivechatExtras } from './LivechatExtras';
import type { Bubble } from './rules';
import { actionOf } from './store';
import { bubbleText } from './text';
import './invites.css';

export function InviteBubbles() {
  const { bubbles, livechat } = useSnapshot(notificationsState);
  useEffect(() => linkInvites(), []);
  // The member's accepted One-on-One request opens wherever in the app they are.
  useRequestStarter();
  const shown = [...livechat, ...bubbles] as Bubble[];
  const stackRef = useRef<HTMLElement>(null);
  const any = shown.length > 0;
  // Placed before the first paint, so a bubble never flashes over the page.
  useLayoutEffect(() => {
    const stack = stackRef.current;
    return any && stack ? keepClear(stack) : undefined;
  }, [any]);
  // Her chat's own window keeps clear: the main window shows the invitations.
  if (!any || isChatWindow()) return null;
  return (
    <section className="invite-stack" aria-label="Invitations" aria-live="polite" ref={stackRef}>
      {shown.map((bubble) => (
        <InviteBubble key={bubble.id} bubble={bubble} />
      ))}
    </section>
  );
}

function InviteBubble({ bubble }: { bubble: Bubble }) {
  const navigate = useNavigate();
  const action = actionOf(bubble.type, bubble.data);
  const name = bubble.data.nick_name || 'A broadcaster';
  const left = Math.max(0, bubble.expiresAt - Date.now());
  const fraction = bubble.lifetimeMs > 0 ? Math.min(1, left / bubble.lifetimeMs) : 0;

  const accept = () => {
    inviteStore.close(bubble.id, 'accept');
    // Chat Now opens her chat window on a desktop, else the chat in place.
    if (bubble.type === 'livechatnotice' && openChatWindow(bubble.data.anchor_id)) return;
    if (action) void navigate({ to: action.to, search: action.search });
  };

  return (
    <article
      className="invite-bubble"
      data-testid="invite-bubble"
      data-invite-id={bubble.id}
      data-bubble-type={bubble.type}
      aria-label={`Invitation from ${name}`}
    >
      {bubble.data.photourl ? (
        <img className="invite-photo" src={bubble.data.photourl} alt="" width={52} height={52} />
      ) : (
        <span className="invite-photo invite-photo-empty" aria-hidden="true">
          {name.slice(0, 1)}
        </span>
      )}
      <div className="invite-body">
        <p className="invite-name">{name}</p>
        <p className="invite-text">{bubbleText(bubble)}</p>
        {bubble.type === 'livechatnotice' && <LivechatExtras bubble={bubble} />}
        {action && (
          <button
            type="button"
            className="btn btn-primary btn-small"
            data-testid="bubble-accept"
            onClick={accept}
          >
            {action.label}
          </button>
        )}
      </div>
      <button
        type="button"
        className="invite-close"
        data-testid="bubble-dismiss"
        aria-label={`Close the invitation from ${name}`}
        onClick={() => inviteStore.close(bubble.id, 'dismiss')}
      >
        ×
      </button>
      <span
        className="invite-life"
        aria-hidden="true"
        style={
          {
            '--life-from': fraction,
            animationDuration: `${left}ms`,
          } as React.CSSProperties
        }
      />
    </article>
  );
}
