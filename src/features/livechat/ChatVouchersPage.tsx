/**
 * /myhomeback/chat, the chat voucher backpack: his chat vouchers not used yet, soonest to expire
 * first (getChatVoucherList), each paying LIVECHAT_VOUCHER_MINUTES of a live chat, with Load more.
 * Vouchers pay a chat after free tickets and before chat minutes and credits (protocol/livechat/livechat.ts).
 */
import { Link } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { LIVECHAT_VOUCHER_MINUTES } from '../../../protocol/livechat/livechat';
import { ErrorRetry } from '../../app/layout/ErrorRetry';
import { When } from '../../app/time/When';
import { BackpackTabs } from '../backpack/BackpackTabs';
import { useMarkPackRead } from '../backpack/unread';
import { HistoryMore } from '../histories/HistoryMore';
import { useHistory } from '../histories/use-history';
import { getChatVouchers } from './api';
import '../histories/histories.css';

const STEP = 20;

interface VoucherRow {
  id: number;
  voucher_id: string;
  expires_at: number;
}

export function ChatVouchersPage() {
  const [total, setTotal] = useState<number | null>(null);
  const load = useCallback(async (start: number, step: number) => {
    const page = await getChatVouchers(start, step);
    setTotal(page.total);
    return { list: page.list.map((v, i): VoucherRow => ({ ...v, id: start + i })) };
  }, []);
  const vouchers = useHistory<VoucherRow>(load, STEP, null);
  // The backpack's livechat_voucher count: read once the list has shown.
  useMarkPackRead('livechat_voucher', total !== null);
  const { items, status, error } = vouchers;
  return (
    <section className="page history-page" aria-labelledby="chat-vouchers-title" data-testid="chat-vouchers">
      <h1 className="page-title" id="chat-vouchers-title">
        Chat vouchers
      </h1>
      <BackpackTabs />
      <p className="muted">
        Each voucher pays {LIVECHAT_VOUCHER_MINUTES} minutes of a live chat. A chat uses your free chat
        tickets first, then your vouchers, then your chat minutes and credits.
      </p>
      {total !== null && total > 0 && (
        <p data-testid="chat-vouchers-total">
          You have {total} chat {total === 1 ? 'voucher' : 'vouchers'}.
        </p>
      )}
      {status === 'error' && <ErrorRetry message={error} onRetry={vouchers.retry} />}
      {status === 'nodata' && (
        <div className="empty-state" data-testid="chat-vouchers-empty">
          <p>You have no chat vouchers.</p>
          <Link to="/masterlist" className="btn btn-secondary">
            Find someone to chat with
          </Link>
        </div>
      )}
      {items.length > 0 && (
        <ol className="history-list">
          {items.map((v) => (
            <li key={v.voucher_id} className="history-row" data-testid="chat-voucher">
              <span className="history-what">{LIVECHAT_VOUCHER_MINUTES} minutes of live chat</span>
              <span className="history-balance">
                Expires <When seconds={v.expires_at} />
              </span>
            </li>
          ))}
        </ol>
      )}
      <HistoryMore history={vouchers} />
    </section>
  );
}
