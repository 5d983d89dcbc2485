/**
 * On a broadcaster's profile: a note when his broadcast voucher pays her room, from the Coupons
 * flags of her getUserInfo (check_user_private_coupon / check_user_public_coupon).
 */
import { Link } from '@tanstack/react-router';
import type { AnchorProfile } from '../../../protocol/types';
import { VoucherAnchorTexts } from '../../../protocol/vouchers/voucher-anchors';
import { BROADCAST_VOUCHER_MINUTES } from '../../../protocol/vouchers/vouchers';
import './vouchers.css';

export function VoucherNote({ profile }: { profile: AnchorProfile }) {
  const rooms = [
    profile.check_user_public_coupon === 1 && VoucherAnchorTexts.roomName[3],
    profile.check_user_private_coupon === 1 && VoucherAnchorTexts.roomName[2],
  ].filter(Boolean);
  if (rooms.length === 0) return null;
  return (
    <p className="voucher-note" data-testid="voucher-note">
      <strong>Voucher:</strong>{' '}
      {VoucherAnchorTexts.profileNote(BROADCAST_VOUCHER_MINUTES, rooms.join(' and '))}{' '}
      <Link to="/myhomeback/pack1">My vouchers</Link>
    </p>
  );
}
