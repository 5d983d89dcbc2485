/**
 * The member's live chat page (/livechat, and livechat.html?anchorid= in its 980x750 window):
 * with an anchorid, her name, photo and status, what a minute costs and what pays it, Start chat
 * after his confirmation, then the chat; the spec's -2 (offline) and -4 (no money) in clear words.
 * Without one, his recent chats (10 minutes, at most 24) from IndexedDB, readable offline.
 */
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { ADVERT_POP } from '../../../protocol/adverts/adverts';
import {
  type CheckTicketAnswer,
  LIVECHAT_VOUCHER_MINUTES,
  LiveChatCode,
  type LiveChatSession,
  LiveChatText,
  type LiveChatTimer,
  rateHundredths,
  timerFor,
} from '../../../protocol/livechat/livechat';
import { fromHundredths } from '../../../protocol/money';
import type { AnchorProfile } from '../../../protocol/types';
import { ApiError } from '../../api/client';
import { unreachableText } from '../../api/http';
import { getUserConfig } from '../../api/session';
import { ErrorRetry } from '../../app/layout/ErrorRetry';
import { usePaymentConfirm } from '../../app/popups/PaymentConfirm';
import { dialogOpen } from '../../app/popups/startup-pop';
import { type RecentChat, readRecentChats } from '../../db/livechat';
import { balancesState } from '../../state/balances';
import { userState } from '../../state/user';
import { AdPop } from '../adverts/AdPop';
import { getAnchorProfile } from '../discover/api';
import { MessageText } from '../messages/MessageText';
import { OfferPop } from '../offers/OfferPop';
import { ServiceIntro } from '../offers/ServiceIntro';
import { ContinueOffer } from '../payments/ContinueOffer';
import { purchaseFor } from '../payments/pending-action';
import { checkTicket, getChatList, startChat } from './api';
import { ChatBox } from './ChatBox';
import { ChatContacts } from './ChatContacts';
import { isChatWindow } from './chat-now';
import './livechat.css';
import { chatAction, endedText, LIVECHAT_ACTION } from './rules';
import { installLiveChat, livechatState, showChat } from './store';

export function LiveChatPage({ anchorid }: { anchorid?: string }) {
  const { me } = useSnapshot(userState);
  const owner = me?.userid ?? '';
  useEffect(() => (owner ? installLiveChat(owner) : undefined), [owner]);
  useChatWindowFrame();
  if (!owner) return null;
  return (
    <div className="lc-page page-fill lc-with-contacts" data-popups-hold="">
      <ChatContacts current={anchorid} />
      <div className="lc-main">
        {anchorid ? <StartOrChat anchorId={anchorid} key={anchorid} /> : <RecentChats owner={owner} />}
        {/* The chat-minutes ad on the list of chats, never over a chat under way. */}
        {!anchorid && <AdPop id={ADVERT_POP.chatMin} held={dialogOpen} />}
        {anchorid && <OfferPop anchorId={anchorid} variant="livechat" key={`offer-${anchorid}`} />}
        <ServiceIntro scene="chat" />
      </div>
    </div>
  );
}

/**
 * In its own window (Chat Now on a desktop) the page is the window: the site's sections and footer
 * step aside (livechat.css) while it shows, and come back if he goes elsewhere in that window.
 */
function useChatWindowFrame() {
  useEffect(() => {
    if (!isChatWindow()) return;
    const root = document.documentElement;
    root.dataset.chatWindow = '';
    return () => {
      delete root.dataset.chatWindow;
    };
  }, []);
}

type Refusal = { code: number; text: string };

function StartOrChat({ anchorId }: { anchorId: string }) {
  const { me } = useSnapshot(userState);
  const balances = useSnapshot(balancesState);
  const snap = useSnapshot(livechatState);
  const confirm = usePaymentConfirm();
  const [anchor, setAnchor] = useState<AnchorProfile>();
  const [ticket, setTicket] = useState<CheckTicketAnswer>();
  const [vouchers, setVouchers] = useState(0);
  const [loadError, setLoadError] = useState('');
  const [refusal, setRefusal] = useState<Refusal>();
  const [busy, setBusy] = useState(false);
  const [chatId, setChatId] = useState('');

  const load = useCallback(async () => {
    setLoadError('');
    try {
      const [profile, tickets, open] = await Promise.all([
        getAnchorProfile(anchorId),
        checkTicket(anchorId),
        getChatList(),
      ]);
      setAnchor(profile);
      setTicket(tickets);
      const current = open.list.find((s) => s.anchor.userid === anchorId && !s.ended_at);
      if (current) {
        await showChat(current);
        setChatId(current.chat_id);
      }
    } catch (error) {
      setLoadError(error instanceof ApiError && !error.offline ? error.message : unreachableText());
    }
  }, [anchorId]);
  useEffect(() => {
    void load();
  }, [load]);
  // The rates come from the server's configuration (the money keys); the defaults until they arrive.
  const [rates, setRates] = useState<Record<LiveChatTimer, number>>();
  useEffect(() => {
    getUserConfig().then(setRates, () => undefined);
  }, []);
  useEffect(() => {
    import('../vouchers/api')
      .then((m) => m.getHeaderCouponInfo())
      .then((info) => setVouchers(info.chat_voucher_num))
      .catch(() => undefined);
  }, []);

  if (loadError) return <ErrorRetry message={loadError} onRetry={() => void load()} />;
  if (chatId && snap.chats[chatId]) return <ChatBox chatId={chatId} side="man" />;
  if (!anchor || !ticket) return <p className="lc-loading">Loading…</p>;

  const paid = me?.isPaidMember === 1;
  const price = fromHundredths(rateHundredths(timerFor(Boolean(paid)), rates));
  const pays = ticket.status
    ? `Your free chat ticket pays the first ${ticket.minutes} minutes.`
    : vouchers > 0
      ? `A chat voucher pays the first ${LIVECHAT_VOUCHER_MINUTES} minutes.`
      : balances.chatmin > 0
        ? `Your chat minutes pay first (${balances.chatmin} left), then credits.`
        : 'Each started minute is paid from your credits.';

  async function start() {
    setRefusal(undefined);
    const ok = await confirm.ask({
      title: 'Chat Now',
      what: `Live chat with ${anchor?.nickname}: ${pays}`,
      amount: price,
      note: 'A minute, charged at the start of each minute while the chat is open.',
      confirmLabel: 'Start chat',
    });
    if (!ok) return;
    setBusy(true);
    try {
      const session: LiveChatSession = await startChat(anchorId);
      await showChat(session);
      setChatId(session.chat_id);
    } catch (error) {
      if (error instanceof ApiError && error.errno === LiveChatCode.NO_MONEY)
        setRefusal({ code: error.errno, text: LiveChatText.noMoney });
      else if (error instanceof ApiError && error.errno === LiveChatCode.OFFLINE)
        setRefusal({ code: error.errno, text: LiveChatText.offline });
      else
        setRefusal({
          code: 0,
          text: error instanceof ApiError && !error.offline ? error.message : unreachableText(),
        });
    } finally {
      setBusy(false);
    }
  }

  const online = anchor.online_status === 2;
  return (
    <section className="card lc-start" data-testid="livechat-start" aria-labelledby="lc-start-title">
      <img className="lc-start-photo" src={anchor.photourl} alt="" width={96} height={96} />
      <h1 id="lc-start-title">Chat with {anchor.nickname}</h1>
      <p className={`lc-status ${online ? 'is-online' : ''}`}>{online ? 'Online now' : 'Offline'}</p>
      <p className="lc-price">
        {price.toFixed(2)} credits a minute. {pays}
        {vouchers > 0 && (
          <>
            {' '}
            <Link to="/myhomeback/chat">Your chat vouchers ({vouchers})</Link>
          </>
        )}
      </p>
      {refusal ? (
        <div className="lc-refusal" role="alert" data-testid="livechat-refusal" data-code={refusal.code}>
          <p>{refusal.text}</p>
          {refusal.code === LiveChatCode.NO_MONEY && (
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => purchaseFor(chatAction(anchor.nickname, anchorId), { clickFrom: 'livechat' })}
            >
              Add credits
            </button>
          )}
          {refusal.code === LiveChatCode.OFFLINE && (
            <Link className="btn btn-ghost" to="/compose" search={{ anchorid: anchorId }}>
              Send Mail
            </Link>
          )}
        </div>
      ) : null}
      <button
        type="button"
        className="btn btn-primary"
        disabled={busy}
        onClick={() => void start()}
        data-testid="livechat-start-button"
      >
        {busy ? 'Starting…' : 'Start chat'}
      </button>
      {confirm.dialog}
      {/* Back from buying credits in place: Start chat asks again, with the price. */}
      <ContinueOffer
        kind={LIVECHAT_ACTION}
        onContinue={(params) => params.anchorId === anchorId && void start()}
      />
    </section>
  );
}

function RecentChats({ owner }: { owner: string }) {
  const [chats, setChats] = useState<RecentChat[]>();
  useEffect(() => {
    void readRecentChats(owner).then(setChats);
  }, [owner]);
  if (!chats) return <p className="lc-loading">Loading…</p>;
  return (
    <section className="card lc-recent" aria-labelledby="lc-recent-title" data-testid="livechat-recent">
      <h1 id="lc-recent-title">Recent chats</h1>
      {chats.length === 0 ? (
        <p className="lc-empty">
          No chats in the last 10 minutes. Press Chat Now on an online broadcaster's profile to start one.
        </p>
      ) : (
        <ul className="lc-recent-list">
          {chats.map((c) => (
            <li key={c.key} data-testid="livechat-recent-item" data-anchor={c.session.anchor.userid}>
              <details>
                <summary>
                  <img src={c.session.anchor.photourl} alt="" width={40} height={40} />
                  <strong>{c.session.anchor.nickname}</strong>
                  <span className="lc-recent-when">
                    {c.session.ended_at ? endedText(c.session, 'man') : 'Open now'} ·{' '}
                    {new Date(c.at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}
                  </span>
                </summary>
                <div className="lc-lines lc-lines-static">
                  {c.lines.map((line) => (
                    <div
                      key={line.msg_id}
                      className={`lc-line ${line.from_id === owner ? 'is-own' : 'is-other'}`}
                      data-testid="livechat-recent-line"
                    >
                      <span className="lc-text">
                        <MessageText content={line.msg} />
                      </span>
                    </div>
                  ))}
                </div>
                {!c.session.ended_at || c.session.anchor.status ? (
                  <Link
                    className="btn btn-ghost btn-small"
                    to="/livechat"
                    search={{ anchorid: c.session.anchor.userid }}
                  >
                    {c.session.ended_at ? 'Chat again' : 'Back to the chat'}
                  </Link>
                ) : null}
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
