/** The settings pages, as tabs: options, notification choices, alerts on this device. */
import { Link } from '@tanstack/react-router';

const TABS = [
  { to: '/mysetting/options', label: 'Options' },
  { to: '/mysetting/setchoice', label: 'Notification choices' },
  { to: '/mysetting/onlinenotification', label: 'Alerts on this device' },
] as const;

export function SettingsNav() {
  return (
    <nav className="settings-nav" aria-label="Settings">
      {TABS.map((t) => (
        <Link
          key={t.to}
          to={t.to}
          className="settings-tab"
          activeProps={{ className: 'settings-tab active', 'aria-current': 'page' }}
        >
          {t.label}
        </Link>
      ))}
    </nav>
  );
}
