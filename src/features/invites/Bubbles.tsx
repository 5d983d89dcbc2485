/**
 * The invite bubbles: stacked at the bottom right (on phones full width and compact, above the
 * bottom tab bar), each with the broadcaster's photo, name, message, its button, a close x,
 * "Do not disturb for an hour" and a thin bar of the time it has left. The stack keeps clear of the
 * header, the tab bar, a composer and the control in use (keep-clear.ts). Which bubbles show is
 * manners.ts's: none in a quiet moment (src/state/quiet-moment.ts) or while he is not to be
 * disturbed, each in its turn under the frequency cap, and on a phone one with the count of the
 * others (a tap opens the notification centre). Mounted once in the shell; it also runs the
 * invitation store and the centre for the signed-in member and opens the One-on-One when a
 * broadcaster accepts the member's own request.
 */

import { useNavigate } from '@tanstack/react-router';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { NoticeText } from '../../../protocol/notices/notices';
import { errorText } from '../../api/use-request';
import { useMoneyLabelOf } from '../../app/popups/money-label';
import { isDnd, noticeCentre } from '../../state/notice-centre';
import { notificationsState } from '../../state/notifications';
import { isQuietMoment, quietMoment } from '../../state/quiet-moment';
import { userState } from '../../state/user';
import { isChatWindow, openChatWindow } from '../livechat/chat-now';
import { linkCentre, setQuiet } from '../notifications/centre';
import { useRequestStarter } from '../requests';
import { watchComposerFocus } from './composer-focus';
import { inviteStore, linkInvites } from './index';
import { keepClear } from './keep-clear';
import { LivechatExtras } from './LivechatExtras';
import { createManners, type Manners, type MannersMemory } from './manners';
import { acceptPricePerMinute } from './price';
import type { Bubble } from './rules';
import { actionOf } from './store';
import { bubbleText } from './text';
import './invites.css';

const NARROW = '(max-width: 759.98px)';

function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(() => window.matchMedia(NARROW).matches);
  useEffect(() => {
    const query = window.matchMedia(NARROW);
    const change = () => setNarrow(query.matches);
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, []);
  return narrow;
}

/** The backoff survives reloads: one number per member on this device. */
function storedIgnored(userid: string): MannersMemory {
  const key = `glimmer.invites.ignored.${userid}`;
  return {
    load: () => {
      try {
        return Number(localStorage.getItem(key)) || 0;
      } catch {
        return 0;
      }
    },
    save: (n) => {
      try {
        localStorage.setItem(key, String(n));
      } catch {
        // Private mode: the backoff then holds for this page only.
      }
    },
  };
}

export function InviteBubbles() {
  const { bubbles, livechat } = useSnapshot(notificationsState);
  const moment = useSnapshot(quietMoment);
  const quiet = isQuietMoment(moment);
  const centre = useSnapshot(noticeCentre);
  const userid = useSnapshot(userState).me?.userid ?? '';
  const manners = useMemo(() => createManners(storedIgnored(userid)), [userid]);
  const narrow = useNarrow();
  const [now, setNow] = useState(Date.now);
  useEffect(() => linkInvites(), []);
  useEffect(() => linkCentre(), []);
  useEffect(() => watchComposerFocus(document), []);
  // The member's accepted One-on-One request opens wherever in the app they are.
  useRequestStarter();
  const all = [...livechat, ...bubbles] as Bubble[];
  const dnd = isDnd(centre, now);
  const fromWhom = all.map((b) => ({ ...b, from: b.data.anchor_id }));
  const presented = manners.present(fromWhom, { quiet, roomOf: moment.roomOf, dnd, narrow, now });
  const visible = presented.visible as Bubble[];
  const { others } = presented;
  // Bubbles held by the cap or a do-not-disturb that ends: looked at again each second.
  const pending = dnd || (!quiet && manners.waiting(all));
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [pending]);
  const stackRef = useRef<HTMLElement>(null);
  const any = visible.length > 0;
  // Placed before the first paint, so a bubble never flashes over the page.
  useLayoutEffect(() => {
    const stack = stackRef.current;
    return any && stack ? keepClear(stack) : undefined;
  }, [any]);
  // Her chat's own window keeps clear: the main window shows the invitations.
  if (!any || isChatWindow()) return null;
  return (
    <section className="invite-stack" aria-label="Invitations" aria-live="polite" ref={stackRef}>
      {visible.map((bubble) => (
        <InviteBubble key={bubble.id} bubble={bubble} manners={manners} />
      ))}
      {narrow && others > 0 && (
        <button
          type="button"
          className="invite-more"
          data-testid="invite-more"
          aria-label={`${others} more invitations: open the notifications`}
          onClick={() => {
            noticeCentre.open = true;
          }}
        >
          {NoticeText.more(others)}
        </button>
      )}
    </section>
  );
}

function InviteBubble({ bubble, manners }: { bubble: Bubble; manners: Manners }) {
  const navigate = useNavigate();
  const [dndError, setDndError] = useState('');
  const action = actionOf(bubble.type, bubble.data);
  // A One-on-One invitation names its price before Accept commits him to it.
  const price = acceptPricePerMinute(bubble.type);
  const money = useMoneyLabelOf();
  const name = bubble.data.nick_name || 'A broadcaster';
  const left = Math.max(0, bubble.expiresAt - Date.now());
  const fraction = bubble.lifetimeMs > 0 ? Math.min(1, left / bubble.lifetimeMs) : 0;

  const accept = () => {
    manners.accept(bubble.id);
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
        {price !== null && (
          <p className="invite-price" data-testid="bubble-price">
            One-on-One: {money(price)} a minute, each minute paid as it starts.
          </p>
        )}
        {bubble.type === 'livechatnotice' && <LivechatExtras bubble={bubble} />}
        <div className="invite-actions">
          {action && (
            <button
              type="button"
              className="btn btn-primary btn-small"
              data-testid="bubble-accept"
              onClick={accept}
            >
              {action.label}
              {price !== null && ` · ${money(price)}/min`}
            </button>
          )}
          <button
            type="button"
            className="invite-dnd"
            data-testid="bubble-dnd"
            onClick={() => {
              setDndError('');
              setQuiet(true).catch((error) => setDndError(errorText(error)));
            }}
          >
            {NoticeText.quiet}
          </button>
        </div>
        {dndError && (
          <p className="invite-error" role="alert">
            {dndError}
          </p>
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
