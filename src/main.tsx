/** Entry: the pathname picks the page (login, maintenance, legacy redirect) or the hash-routed app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { resolveEntry } from './entry';
import { EntryPage } from './entry-page';

const entry = resolveEntry(window.location.pathname, window.location.hash);

if (entry.kind === 'redirect') {
  window.location.replace(entry.to);
} else {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  createRoot(root).render(
    <StrictMode>
      <EntryPage entry={entry} />
    </StrictMode>,
  );
}
