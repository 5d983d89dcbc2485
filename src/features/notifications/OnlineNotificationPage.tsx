/**
 * /mysetting/onlinenotification: alerts on this device. Turning them on asks the browser's
 * permission only after the member's click; a refusal is explained with how to undo it; the member
 * chooses which alerts come, and can turn them off again.
 */
import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { PUSH_TYPES, type PushType } from '../../../protocol/push/push';
import { userState } from '../../state/user';
import { disablePush, enablePush, permission, pushStatus, pushSupport, setPushTypes } from './push-client';
import './notifications.css';

const TYPE_TEXT: Record<PushType, { label: string; hint: string }> = {
  invite: {
    label: 'Invitations',
    hint: 'A broadcaster invites you to a One-on-One, a hang-out or her show.',
  },
  show: {
    label: 'Show reminders',
    hint: '30 minutes before and when a show you hold a ticket for or follow starts.',
  },
};

type View =
  | { kind: 'loading' }
  | { kind: 'unsupported' }
  | { kind: 'needs-install' }
  | { kind: 'denied' }
  | { kind: 'off' }
  | { kind: 'on'; types: PushType[] };

const message = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';

export function OnlineNotificationPage() {
  const { me } = useSnapshot(userState);
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const load = useCallback(async () => {
    setError('');
    const support = pushSupport();
    if (support !== 'supported') return setView({ kind: support });
    if (permission() === 'denied') return setView({ kind: 'denied' });
    try {
      const status = await pushStatus();
      setView(status.subscribed ? { kind: 'on', types: status.types } : { kind: 'off' });
    } catch (e) {
      setView({ kind: 'off' });
      setError(message(e));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError('');
    try {
      await work();
    } catch (e) {
      setError(message(e));
    } finally {
      setBusy(false);
    }
  };

  const turnOn = () =>
    run(async () => {
      const result = await enablePush(me?.userid ?? '');
      if (result === 'granted') setView({ kind: 'on', types: [...PUSH_TYPES] });
      else if (result === 'denied') setView({ kind: 'denied' });
      else setError('Alerts stay off: the browser did not get an answer. You can try again.');
    });

  const turnOff = () =>
    run(async () => {
      await disablePush();
      setView({ kind: 'off' });
    });

  const toggle = (type: PushType, on: boolean) =>
    run(async () => {
      if (view.kind !== 'on') return;
      const types = on ? [...new Set([...view.types, type])] : view.types.filter((t) => t !== type);
      // No type left means no alerts at all: that is turning them off.
      if (types.length === 0) {
        await disablePush();
        setView({ kind: 'off' });
        return;
      }
      const status = await setPushTypes(me?.userid ?? '', types);
      setView(status.subscribed ? { kind: 'on', types: status.types } : { kind: 'off' });
    });

  return (
    <div className="page">
      <section
        className="card push-settings"
        aria-labelledby="push-title"
        aria-busy={busy || view.kind === 'loading'}
      >
        <h1 id="push-title" className="page-title">
          Online notifications
        </h1>
        <p className="push-lead">
          Get an alert on this device when a broadcaster invites you or a show you are going to starts, even
          when Glimmer is closed. While you are looking at Glimmer, invitations show on the page instead.
        </p>

        {view.kind === 'loading' && (
          <p className="push-state" role="status" data-testid="push-loading">
            Checking this device…
          </p>
        )}

        {view.kind === 'unsupported' && (
          <p className="push-state" data-testid="push-unsupported">
            This browser cannot show alerts from Glimmer. Try a recent Chrome, Edge, Firefox or Safari.
          </p>
        )}

        {view.kind === 'needs-install' && (
          <p className="push-state" data-testid="push-needs-install">
            On iPhone and iPad, alerts work once Glimmer is on your Home Screen: tap Share, then “Add to Home
            Screen”, open Glimmer from there and come back to this page.
          </p>
        )}

        {view.kind === 'denied' && (
          <div className="push-state push-denied" data-testid="push-denied" role="alert">
            <p>
              <strong>Alerts are blocked for Glimmer in this browser.</strong> Glimmer cannot ask again: the
              browser remembers your answer.
            </p>
            <p>
              To allow them, open the site settings (the icon left of the address), set Notifications to
              “Allow”, then reload this page and turn alerts on.
            </p>
            <button type="button" className="btn btn-secondary" onClick={() => void load()}>
              I have allowed them
            </button>
          </div>
        )}

        {view.kind === 'off' && (
          <div className="push-state" data-testid="push-off">
            <p>Alerts are off on this device.</p>
            <button
              type="button"
              className="btn btn-primary"
              onClick={turnOn}
              disabled={busy}
              data-testid="push-turn-on"
            >
              {busy ? 'Turning on…' : 'Turn on alerts'}
            </button>
            <p className="push-hint">Your browser will ask whether Glimmer may show notifications.</p>
          </div>
        )}

        {view.kind === 'on' && (
          <div className="push-state" data-testid="push-on">
            <p>
              <strong>Alerts are on</strong> for this device.
            </p>
            <fieldset className="push-types" disabled={busy}>
              <legend>Send me</legend>
              {PUSH_TYPES.map((type) => (
                <label key={type} className="push-type">
                  <input
                    type="checkbox"
                    checked={view.types.includes(type)}
                    onChange={(e) => void toggle(type, e.currentTarget.checked)}
                    data-testid={`push-type-${type}`}
                  />
                  <span>
                    <span className="push-type-label">{TYPE_TEXT[type].label}</span>
                    <span className="push-hint">{TYPE_TEXT[type].hint}</span>
                  </span>
                </label>
              ))}
            </fieldset>
            <button
              type="button"
              className="btn btn-ghost"
              onClick={turnOff}
              disabled={busy}
              data-testid="push-turn-off"
            >
              Turn off alerts
            </button>
          </div>
        )}

        {error && (
          <p className="push-error" role="alert" data-testid="push-error">
            {error}
          </p>
        )}
      </section>
    </div>
  );
}
