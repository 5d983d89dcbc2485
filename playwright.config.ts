import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/e2e/chromium';
import {
  AUTO_INVITE_PORT,
  JANUS_PORT,
  LIVE_JANUS_PORT,
  PUSH_SERVICE_ORIGIN,
  E2E_PORT as port,
  SECOND_E2E_PORT,
} from './tests/e2e/ports';

type WebServer = Exclude<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]>;

// E2E_MAIN_ONLY=1 starts only the first server: quicker when trying one spec that needs neither
// the automatic invitations nor Janus (never set in CI). The janus project is left out then, and
// both halves of the stories run on that one server.
const mainOnly = process.env.E2E_MAIN_ONLY === '1';
const dataDir = mkdtempSync(join(tmpdir(), 'glimmer-e2e-'));
const secondDataDir = mkdtempSync(join(tmpdir(), 'glimmer-e2e-2-'));
const autoDataDir = mkdtempSync(join(tmpdir(), 'glimmer-e2e-auto-'));
const janusDataDir = mkdtempSync(join(tmpdir(), 'glimmer-e2e-janus-'));
/**
 * tests/e2e/push.spec.ts runs a local push service at PUSH_SERVICE_ORIGIN with this committed,
 * long-lived self-signed certificate for 127.0.0.1 (test only; its key is no secret). The server
 * posts there because PUSH_ALLOWED_ORIGINS lists it, and trusts it through NODE_EXTRA_CA_CERTS
 * (read by Node at start, so the push transport's TLS uses it; no product code path changes).
 */
const pushServiceCert = fileURLToPath(new URL('./tests/fixtures/push-service-cert.pem', import.meta.url));

/**
 * The spec files the second worker runs, on its own server (chromium-2); the first worker runs
 * the rest. Chosen so that each half takes about as long (the durations of the last full run).
 * The two files that use the automatic invitations' server stay in one half, so they never meet.
 */
const SECOND_HALF = [
  'adverts.spec.ts',
  'backpack.spec.ts',
  'buy-chat-minutes.spec.ts',
  'care-news.spec.ts',
  'contrast.spec.ts',
  'discover-search.spec.ts',
  'flowers.spec.ts',
  'hangout.spec.ts',
  'histories.spec.ts',
  'invitations.spec.ts',
  'js-budget.spec.ts',
  'layout.spec.ts',
  'live-room.spec.ts',
  'livechat-block.spec.ts',
  'livechat.spec.ts',
  'messages.spec.ts',
  'offers.spec.ts',
  'premium-videos.spec.ts',
  'profile-settings.spec.ts',
  'push.spec.ts',
  'requests.spec.ts',
  'safety.spec.ts',
  'session.spec.ts',
  'shots.spec.ts',
  'steady-load.spec.ts',
  'vouchers.spec.ts',
];

/** End-to-end tests drive Debian's Chromium against the real server on a fresh database. */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // Two stories at a time, each half of the spec files on a server and database of its own (the
  // stories of one half share their server's demo data, one after another, as they always did).
  workers: 2,
  retries: 0,
  // Two cores run two servers, two Chromiums and the tests (and, on some machines, the kernel's own
  // memory monitor): stories took 2-3x longer there than on a quiet core, so leave room.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    { name: 'chromium', testIgnore: ['live-cluster.spec.ts', ...SECOND_HALF], workers: 1 },
    {
      name: 'chromium-2',
      testMatch: SECOND_HALF,
      workers: 1,
      use: { baseURL: `http://localhost:${mainOnly ? port : SECOND_E2E_PORT}` },
    },
    // The live rooms' media stories (tests tagged @sfu) again with the rooms on Janus: his room,
    // her moderation, quality, a One-on-One with her reload, and her studio; and a One-on-One
    // across two processes of their own on PostgreSQL and Redis (live-cluster.spec.ts).
    {
      name: 'janus',
      grep: /@sfu/,
      testMatch: ['live.spec.ts', 'studio.spec.ts', 'live-cluster.spec.ts'],
      workers: 1,
      use: { baseURL: `http://localhost:${LIVE_JANUS_PORT}` },
    },
  ].slice(0, mainOnly ? 2 : undefined),
  webServer: (
    [
      mainServer(port, dataDir),
      mainServer(SECOND_E2E_PORT, secondDataDir),
      {
        command: 'node scripts/start.mjs',
        url: `http://localhost:${AUTO_INVITE_PORT}/push/vapidPublicKey`,
        reuseExistingServer: false,
        timeout: 120_000,
        env: {
          PORT: String(AUTO_INVITE_PORT),
          DATA_DIR: autoDataDir,
          GLIMMER_QUIET: '1',
          AUTO_INVITE: '1',
          AUTO_INVITE_SPEED: '10',
          AUTO_INVITE_SEED: '7',
        },
      },
      {
        command: 'node --import tsx scripts/janus.ts',
        port: JANUS_PORT,
        reuseExistingServer: false,
        timeout: 30_000,
        env: { JANUS_PORT: String(JANUS_PORT) },
      },
      {
        command: 'node scripts/start.mjs',
        url: `http://localhost:${LIVE_JANUS_PORT}/push/vapidPublicKey`,
        reuseExistingServer: false,
        timeout: 120_000,
        env: {
          PORT: String(LIVE_JANUS_PORT),
          DATA_DIR: janusDataDir,
          GLIMMER_QUIET: '1',
          AUTO_INVITE: '0',
          LIVE_SFU: 'janus',
          JANUS_URLS: `ws://127.0.0.1:${JANUS_PORT}`,
        },
      },
    ] as WebServer[]
  ).slice(0, mainOnly ? 1 : undefined),
});

/**
 * A server for the stories: the automatic invitations stay off so that no bubble covers what a
 * test clicks (tests/e2e/auto-invites.spec.ts has a server of its own with them on).
 */
function mainServer(serverPort: number, serverDataDir: string): WebServer {
  return {
    command: 'node scripts/start.mjs',
    url: `http://localhost:${serverPort}/push/vapidPublicKey`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(serverPort),
      DATA_DIR: serverDataDir,
      GLIMMER_QUIET: '1',
      AUTO_INVITE: '0',
      // The live chat specs pay a chat's next minute with the chat clock (tests only).
      TEST_CLOCK: '1',
      PUSH_ALLOWED_ORIGINS: PUSH_SERVICE_ORIGIN,
      NODE_EXTRA_CA_CERTS: pushServiceCert,
    },
  };
}
