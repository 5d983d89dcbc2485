/**
 * The top voucher banner: 'YOU STILL HAVE' and what the member holds. Loaded once he is signed in,
 * kept current by imMan/couponNumChangeNotice; closes by itself after a minute (this visit only),
 * and for good when he closes it (the server remembers until new vouchers arrive).
 */
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { VOUCHER_BANNER_AUTO_CLOSE_MS, VOUCHER_BANNER_TITLE } from '../../../protocol/vouchers/vouchers';
import { sessionState } from '../../state/session';
import { memberPrivOf, userState } from '../../state/user';
import { bannerItems, showsBanner, vouchersState } from '../../state/vouchers';
import { closeCouponNotice, getHeaderCouponInfo } from './api';
import './vouchers.css';

export function VoucherBanner() {
  const { me } = useSnapshot(userState);
  const { status, offline } = useSnapshot(sessionState);
  const { info, autoClosed } = useSnapshot(vouchersState);
  const member = me?.role === 'man' && status === 'signed-in' && !offline;
  const userid = me?.userid;
  const visible = member && showsBanner(info, memberPrivOf(me).show_pop, autoClosed);

  useEffect(() => {
    // The session start usually loaded them with the balances already.
    if (!member || !userid || vouchersState.loadedFor === userid) return;
    let current = true;
    getHeaderCouponInfo().then(
      (answer) => {
        if (current) vouchersState.info = answer;
      },
      // The banner is a nicety: without its counts it simply does not show.
      (error: unknown) => console.warn('[vouchers] header info failed', error),
    );
    return () => {
      current = false;
    };
  }, [member, userid]);

  useEffect(() => {
    if (!visible) return;
    const timer = setTimeout(() => {
      vouchersState.autoClosed = true;
    }, VOUCHER_BANNER_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [visible]);

  if (!visible || !info) return null;

  const close = () => {
    vouchersState.info = { ...info, close_time: Math.floor(Date.now() / 1000) };
    closeCouponNotice().catch((error: unknown) => console.warn('[vouchers] closing failed', error));
  };

  return (
    <section className="voucher-banner" aria-label="Your vouchers" data-testid="voucher-banner">
      <p>
        <strong>{VOUCHER_BANNER_TITLE}</strong>{' '}
        {bannerItems(info).map((item, i) => (
          <span key={item} className="voucher-item">
            {i > 0 && <span aria-hidden="true"> · </span>}
            {item}
          </span>
        ))}
        {info.coupon_num > 0 && (
          <Link to="/myhomeback/voucheranchors" className="voucher-banner-link">
            Where to use them
          </Link>
        )}
      </p>
      <button type="button" className="voucher-close" aria-label="Close the voucher banner" onClick={close}>
        ×
      </button>
    </section>
  );
}
