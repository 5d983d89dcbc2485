/**
 * /mysetting/setchoice: for each alert (invitations, shows starting, new mail, a followed
 * broadcaster online) whether it comes by push, by email or not at all. Push also needs alerts on
 * this device (/mysetting/onlinenotification); the push server honours the choice before sending.
 */
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import {
  ALERT_CHANNELS,
  ALERT_KINDS,
  ALERT_LABELS,
  type AlertKind,
  CHANNEL_LABELS,
} from '../../../protocol/profile/settings';
import { ErrorRetry } from '../../app/layout/ErrorRetry';
import { SettingsNav } from './SettingsNav';
import { useSettings } from './use-settings';
import './settings.css';

export function SetChoicePage() {
  const { state, busy, save, reload } = useSettings();
  return (
    <div className="page">
      <section
        className="card settings-card"
        aria-labelledby="choice-title"
        aria-busy={state.kind === 'loading'}
      >
        <h1 id="choice-title" className="page-title">
          Notification choices
        </h1>
        <SettingsNav />
        <p className="setting-hint">
          Choose how each alert reaches you. Push alerts also need{' '}
          <Link to="/mysetting/onlinenotification">alerts on this device</Link>.
        </p>
        {state.kind === 'loading' && <p role="status">Loading your settings…</p>}
        {state.kind === 'error' && <ErrorRetry message={state.message} onRetry={() => void reload()} />}
        {state.kind === 'ready' &&
          ALERT_KINDS.map((kind) => (
            <ChannelChoice
              key={kind}
              kind={kind}
              value={state.settings.alerts[kind]}
              disabled={busy !== null}
              onChange={(channel) => void save(`alert_${kind}`, channel)}
            />
          ))}
      </section>
    </div>
  );
}

function ChannelChoice({
  kind,
  value,
  disabled,
  onChange,
}: {
  kind: AlertKind;
  value: string;
  disabled: boolean;
  onChange: (channel: string) => void;
}) {
  const name = useId();
  return (
    <fieldset className="settings-group channel-choice" disabled={disabled} data-testid={`alert-${kind}`}>
      <legend>{ALERT_LABELS[kind]}</legend>
      <div className="channel-options">
        {ALERT_CHANNELS.map((channel) => (
          <label key={channel} className="channel-option">
            <input
              type="radio"
              name={name}
              value={channel}
              checked={value === channel}
              onChange={() => onChange(channel)}
            />
            <span>{CHANNEL_LABELS[channel]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
