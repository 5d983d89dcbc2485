/** The user menu's Backpack item with what is new in it (getBackpackUnreadNum's total, '9+' cap). */
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { menuBadge } from '../../app/layout/badges';
import { backpackState, refreshBackpackUnread } from './unread';

export function BackpackMenuItem({ onNavigate }: { onNavigate: () => void }) {
  const { unread } = useSnapshot(backpackState);
  useEffect(() => {
    void refreshBackpackUnread();
  }, []);
  const total = unread?.total ?? 0;
  const badge = menuBadge(total);
  return (
    <li>
      <Link to="/myhomeback" className="menu-item" onClick={onNavigate} data-testid="menu-backpack">
        Backpack
        {badge && (
          <>
            <span className="badge" aria-hidden="true">
              {badge}
            </span>
            <span className="visually-hidden">({total} new)</span>
          </>
        )}
      </Link>
    </li>
  );
}
