/** The user menu's "My bookings" item with the unread booking tips (getBookingTipsNum, '9+' cap). */
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { BookingEvent } from '../../../protocol/bookings/booking';
import { EventRoute } from '../../../protocol/realtime';
import { menuBadge } from '../../app/layout/badges';
import { realtime } from '../../realtime';
import { getBookingTipsNum } from './api';
import './notices';

export function BookingTipsMenuItem({ onNavigate }: { onNavigate: () => void }) {
  const [num, setNum] = useState(0);
  useEffect(() => {
    const load = () => {
      getBookingTipsNum().then(setNum, () => undefined);
    };
    load();
    const offs = [BookingEvent.bookingChanged, EventRoute.requestHandled, EventRoute.scheduledInvite].map(
      (r) => realtime.on(r, load),
    );
    return () => {
      for (const off of offs) off();
    };
  }, []);
  const badge = menuBadge(num);
  return (
    <li>
      <Link to="/liverequest/booking" className="menu-item" onClick={onNavigate} data-testid="menu-bookings">
        My bookings{badge && <span className="badge">{badge}</span>}
      </Link>
    </li>
  );
}
