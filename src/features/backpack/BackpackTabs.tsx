/** The backpack's pages, one link each (the current one marked). */
import { Link } from '@tanstack/react-router';
import { BACKPACK_PATHS } from '../../../protocol/backpack/backpack';

const TABS = [
  { to: '/myhomeback/siteassets', label: 'Overview' },
  { to: BACKPACK_PATHS.voucher, label: 'Vouchers' },
  { to: BACKPACK_PATHS.livechat_voucher, label: 'Chat vouchers' },
  { to: BACKPACK_PATHS.gift, label: 'Gifts' },
  { to: BACKPACK_PATHS.ride, label: 'Rides' },
];

export function BackpackTabs() {
  return (
    <nav className="backpack-tabs" aria-label="Backpack">
      {TABS.map((t) => (
        <Link key={t.to} to={t.to} activeProps={{ 'aria-current': 'page' }}>
          {t.label}
        </Link>
      ))}
    </nav>
  );
}
