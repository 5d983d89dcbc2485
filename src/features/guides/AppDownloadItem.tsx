/**
 * The user menu's app download (spec 002 §2 "Top header"): asks the PWA prompts for the browser's
 * install offer, or the Add to Home Screen steps where there is none. Hidden once installed.
 */
import { InstallTexts } from '../../../protocol/guides/install';
import { INSTALL_ASKED_EVENT } from '../../app/popups/pop-rule';

export function AppDownloadItem({ onNavigate }: { onNavigate: () => void }) {
  if (window.matchMedia?.('(display-mode: standalone)').matches) return null;
  return (
    <li>
      <button
        type="button"
        className="menu-item"
        onClick={() => {
          onNavigate();
          window.dispatchEvent(new Event(INSTALL_ASKED_EVENT));
        }}
      >
        {InstallTexts.appDownload}
      </button>
    </li>
  );
}
