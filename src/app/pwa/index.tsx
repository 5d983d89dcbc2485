/**
 * The PWA's prompts: a new version waiting ("Reload" activates it; the page never reloads by
 * itself) and the install offer when the browser has one.
 */

import { registerSW } from 'virtual:pwa-register';
import { useEffect, useState } from 'react';
import { afterFirstPaint } from '../first-paint';
import './pwa.css';

/** Chromium's install offer (not in the DOM typings). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const INSTALL_DISMISSED_KEY = 'glimmer.install-dismissed';
/**
 * The install offer waits until the member has been here a little while: a card over the page he
 * has just opened is in his way (and on a phone it is the largest thing that paints).
 */
const INSTALL_OFFER_DELAY_MS = 20_000;

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
    // After the first page has painted: the worker's install downloads every file of the app,
    // which must not compete with the page the member is waiting for.
    registering = afterFirstPaint.then(() => {
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
  const [offer, setOffer] = useState<InstallPromptEvent | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onOffer = (event: Event) => {
      event.preventDefault();
      if (localStorage.getItem(INSTALL_DISMISSED_KEY) === '1') return;
      clearTimeout(timer);
      const shownAt = Math.max(0, INSTALL_OFFER_DELAY_MS - performance.now());
      timer = setTimeout(() => setOffer(event as InstallPromptEvent), shownAt);
    };
    const onInstalled = () => {
      clearTimeout(timer);
      setOffer(null);
    };
    window.addEventListener('beforeinstallprompt', onOffer);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('beforeinstallprompt', onOffer);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);
  return {
    offer,
    install: async () => {
      if (!offer) return;
      await offer.prompt();
      await offer.userChoice;
      setOffer(null);
    },
    dismiss: () => {
      localStorage.setItem(INSTALL_DISMISSED_KEY, '1');
      setOffer(null);
    },
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
          <span>Get alerts and open Glimmer from your home screen.</span>
          <button type="button" className="btn btn-primary btn-small" onClick={() => void install.install()}>
            Install Glimmer
          </button>
          <button type="button" className="btn btn-small" onClick={install.dismiss}>
            Not now
          </button>
        </div>
      )}
    </div>
  );
}
