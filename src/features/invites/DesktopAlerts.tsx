/**
 * 'Turn on desktop alerts' in the bell's panel: shown only while the browser has not been asked
 * (permission 'default'); once granted or denied the choice is the browser's, so the button goes.
 */
import { useState } from 'react';

type Permission = NotificationPermission | 'unsupported';

const currentPermission = (): Permission =>
  typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;

export function DesktopAlertsButton() {
  const [permission, setPermission] = useState<Permission>(currentPermission);
  const [asking, setAsking] = useState(false);
  if (permission !== 'default') return null;

  const ask = async () => {
    setAsking(true);
    try {
      // Older Safari answers through a callback only; the promise form is everywhere else.
      setPermission(await Notification.requestPermission());
    } catch {
      setPermission(currentPermission());
    } finally {
      setAsking(false);
    }
  };

  return (
    <div className="desktop-alerts">
      <button
        type="button"
        className="btn btn-ghost btn-small"
        data-testid="desktop-alerts"
        disabled={asking}
        onClick={() => void ask()}
      >
        Turn on desktop alerts
      </button>
    </div>
  );
}
