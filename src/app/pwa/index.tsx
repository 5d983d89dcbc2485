/**
 * The PWA's prompts: a new version waiting ("Reload" activates it; the page never reloads by
 * itself) and the install offer when the browser has one (iOS: the Add to Home Screen steps), as
 * often as the pop-up rule allows (src/app/popups/pop-rule.ts).
 */

import { useEffect, useState } from 'react';
import { InstallTexts } from '../../../protocol/guides/install';
import { inBackground } from '../first-paint';
import {
  INSTALL_ASKED_EVENT,
  type InstallHistory,
  installPromptDue,
  readJson,
  recordInstallPrompt,
  writeJson,
} from '../popups/pop-rule';
import { popupsHeld, requestStartupTurn } from '../popups/startup-pop';
import './pwa.css';

/** Chromium's install offer (not in the DOM typings). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** The install prompt's history on this device (pop-rule.ts: 3 times, once a day, within 14 days). */
const INSTALL_HISTORY_KEY = 'glimmer.install-prompt';
/**
 * The install offer waits until the member has been here a little while: a card over the page he
 * has just opened is in his way (and on a phone it is the largest thing that paints).
 */
const INSTALL_OFFER_DELAY_MS = 20_000;

/** iOS Safari offers no install event: it gets the Add to Home Screen steps instead. */
const isIosBrowser = () =>
  /iPhone|iPad|iPod/.test(navigator.userAgent) &&
  !(navigator as Navigator & { standalone?: boolean }).standalone &&
  !window.matchMedia?.('(display-mode: standalone)').matches;

/** Asks the pop-up rule for a showing now; records it when granted. */
async function mayShowInstall(): Promise<boolean> {
  const now = Date.now();
  const history = readJson<InstallHistory>(localStorage, INSTALL_HISTORY_KEY);
  const due = installPromptDue(history, now);
  // The first visit starts the 14 days even when nothing shows.
  writeJson(localStorage, INSTALL_HISTORY_KEY, recordInstallPrompt(history, now, false));
  if (!due || popupsHeld() || !(await requestStartupTurn('appInstall'))) return false;
  writeJson(localStorage, INSTALL_HISTORY_KEY, recordInstallPrompt(history, Date.now(), true));
  return true;
}

let registering: Promise<void> | undefined;
let updateServiceWorker: ((reloadPage?: boolean) => Promise<void>) | undefined;
/** This tab's user clicked Reload. */
let reloadAsked = false;
/** The new version already controls this tab (another tab's Reload activated it). */
let alreadyActive = false;

function useUpdatePrompt() {
  const [waiting, setWaiting] = useState(false);
  useEffect(() => {
    if (!('serviceWorker' in navigator) || registering) return;
    // The entry registered the worker after first paint (src/main.tsx); workbox-window takes the
    // registration over in the background, to offer a new version (a worker already waiting is offered too).
    registering = inBackground.then(async () => {
      const { registerSW } = await import('virtual:pwa-register');
      updateServiceWorker = registerSW({
        onNeedRefresh: () => setWaiting(true),
        // Only the tab whose user asked reloads; the others keep the prompt until their user does.
        onNeedReload: () => {
          if (reloadAsked) return window.location.reload();
          alreadyActive = true;
          setWaiting(true);
        },
      });
    });
  }, []);
  return {
    waiting,
    reload: () => {
      reloadAsked = true;
      if (alreadyActive) window.location.reload();
      else void updateServiceWorker?.(true);
    },
    later: () => setWaiting(false),
  };
}

function useInstallOffer() {
  const [offer, setOffer] = useState<InstallPromptEvent | 'ios' | 'manual' | null>(null);
  useEffect(() => {
    /** The browser's offer, kept for the user menu's "Get the app" even when the rule said not now. */
    let deferred: InstallPromptEvent | null = null;
    // Asked for from the user menu: no limit applies to what he asked for.
    const onAsked = () => setOffer(deferred ?? (isIosBrowser() ? 'ios' : 'manual'));
    window.addEventListener(INSTALL_ASKED_EVENT, onAsked);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const showLater = (what: InstallPromptEvent | 'ios') => {
      clearTimeout(timer);
      const shownAt = Math.max(0, INSTALL_OFFER_DELAY_MS - performance.now());
      timer = setTimeout(() => {
        void mayShowInstall().then((ok) => ok && setOffer(what));
      }, shownAt);
    };
    const onOffer = (event: Event) => {
      event.preventDefault();
      deferred = event as InstallPromptEvent;
      showLater(deferred);
    };
    const onInstalled = () => {
      clearTimeout(timer);
      setOffer(null);
    };
    if (isIosBrowser()) showLater('ios');
    window.addEventListener('beforeinstallprompt', onOffer);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      clearTimeout(timer);
      window.removeEventListener(INSTALL_ASKED_EVENT, onAsked);
      window.removeEventListener('beforeinstallprompt', onOffer);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);
  return {
    offer,
    install: async () => {
      if (!offer || offer === 'ios' || offer === 'manual') return;
      await offer.prompt();
      await offer.userChoice;
      setOffer(null);
    },
    // The rule decides when it may come back (at most 3 times, once a day, within 14 days).
    dismiss: () => setOffer(null),
  };
}

export function PwaPrompts() {
  const update = useUpdatePrompt();
  const install = useInstallOffer();
  return (
    // Invitation bubbles keep clear of its cards.
    <div className="pwa-prompts" data-keep-clear="">
      {update.waiting && (
        <div className="pwa-card" role="alert" data-testid="pwa-update">
          <span>A new version of Glimmer is available.</span>
          <button type="button" className="btn btn-primary btn-small" onClick={update.reload}>
            Reload
          </button>
          <button type="button" className="btn btn-small" onClick={update.later}>
            Later
          </button>
        </div>
      )}
      {install.offer && !update.waiting && (
        <div className="pwa-card" role="status" data-testid="pwa-install">
          <span>
            {install.offer === 'ios'
              ? InstallTexts.ios
              : 'Get alerts and open Glimmer from your home screen.'}
          </span>
          {install.offer !== 'ios' && (
            <button
              type="button"
              className="btn btn-primary btn-small"
              onClick={() => void install.install()}
            >
              Install Glimmer
            </button>
          )}
          <button type="button" className="btn btn-small" onClick={install.dismiss}>
            Not now
          </button>
        </div>
      )}
    </div>
  );
}
