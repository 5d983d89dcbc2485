/** Her workspace's Calls section: the requests to her, her call-me authorizations, her call settings. */
import { CallMePanel } from './CallMePanel';
import { RequestsPanel } from './RequestsPanel';
import { SettingsPanel } from './SettingsPanel';
import './lady-calls.css';

export function LadyCallsSection() {
  return (
    <>
      <RequestsPanel />
      <CallMePanel />
      <SettingsPanel />
    </>
  );
}
