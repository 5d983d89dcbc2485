/**
 * The one pop-up-at-a-time rule, as pure logic on an injected clock and store (the components and
 * startup-pop.ts supply the browser's): which start-up pop-up gets this session's turn (spec 002
 * §4, STARTUP_ORDER), and the app-install prompt's and the returning member's limits (spec 002 §9).
 * Decisions the spec leaves open are in protocol/guides/guides.ts.
 */
import {
  INSTALL_PROMPT_GAP_MS,
  INSTALL_PROMPT_MAX,
  INSTALL_PROMPT_WINDOW_MS,
  isReturning,
  STARTUP_ORDER,
  STARTUP_SETTLE_MS,
  type StartupPopKind,
} from '../../../protocol/guides/guides';

export { isReturning };

/** The user menu's "Get the app" asks the PWA prompts (src/app/pwa) for the install offer with this window event. */
export const INSTALL_ASKED_EVENT = 'glimmer:install-asked';

/** The first of `asking` in the spec's start-up order. */
export function firstInOrder(asking: Iterable<StartupPopKind>): StartupPopKind | undefined {
  const set = new Set(asking);
  return STARTUP_ORDER.find((kind) => set.has(kind));
}

export interface TurnDeps {
  /** The session cookie: a pop-up had this session's turn already. */
  taken(): boolean;
  take(): void;
  /** setTimeout, or a test's clock. */
  later(run: () => void, ms: number): void;
}

/**
 * Start-up turns: pop-ups that ask within STARTUP_SETTLE_MS of the first ask are ordered together
 * and only the first in STARTUP_ORDER opens; it takes the session's turn, the rest stay closed.
 */
export class StartupTurns {
  private pending = new Map<StartupPopKind, (granted: boolean) => void>();
  private settling = false;

  constructor(private readonly deps: TurnDeps) {}

  ask(kind: StartupPopKind): Promise<boolean> {
    if (this.deps.taken()) return Promise.resolve(false);
    return new Promise((resolve) => {
      this.pending.get(kind)?.(false);
      this.pending.set(kind, resolve);
      if (this.settling) return;
      this.settling = true;
      this.deps.later(() => this.decide(), STARTUP_SETTLE_MS);
    });
  }

  /** Takes the turn now (the terms overlay): whoever waits stays closed. */
  takeNow(): void {
    this.deps.take();
    this.decide();
  }

  /** A pop-up that stopped wanting the turn (its page closed). */
  withdraw(kind: StartupPopKind): void {
    this.pending.get(kind)?.(false);
    this.pending.delete(kind);
  }

  private decide() {
    this.settling = false;
    const winner = this.deps.taken() ? undefined : firstInOrder(this.pending.keys());
    if (winner) this.deps.take();
    for (const [kind, resolve] of this.pending) resolve(kind === winner);
    this.pending.clear();
  }
}

/** What the install prompt remembers on this device. */
export interface InstallHistory {
  /** The first visit it counted from, ms. */
  first: number;
  /** When it was shown, ms. */
  shown: number[];
}

/** Spec 002 §9: at most 3 times, at most once a day (24 h apart), within 14 days of the first visit. */
export function installPromptDue(history: InstallHistory | null, now: number): boolean {
  if (!history) return true;
  if (now - history.first > INSTALL_PROMPT_WINDOW_MS) return false;
  if (history.shown.length >= INSTALL_PROMPT_MAX) return false;
  const last = history.shown.at(-1);
  return last === undefined || now - last >= INSTALL_PROMPT_GAP_MS;
}

/** The history after a visit (the first one starts the 14 days) and, when shown, the showing. */
export function recordInstallPrompt(
  history: InstallHistory | null,
  now: number,
  shown: boolean,
): InstallHistory {
  const base = history ?? { first: now, shown: [] };
  return shown ? { ...base, shown: [...base.shown, now] } : base;
}

/** The store the device keeps these in (localStorage, or a map in tests). */
export interface KeyValue {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function readJson<T>(store: KeyValue, key: string): T | null {
  try {
    const raw = store.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function writeJson(store: KeyValue, key: string, value: unknown): void {
  try {
    store.setItem(key, JSON.stringify(value));
  } catch {
    // A full or blocked store only means the prompt may show again.
  }
}
