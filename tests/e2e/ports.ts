/** The servers the end-to-end tests start (playwright.config.ts) and talk to. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
/** The server of the second half of the stories, run alongside the first (playwright.config.ts). */
export const SECOND_E2E_PORT = E2E_PORT + 5;
/** A server with the automatic invitations on, ten times faster. */
export const AUTO_INVITE_PORT = E2E_PORT + 1;
/** The live rooms' story again on a server whose rooms run on Janus (LIVE_SFU=janus)… */
export const LIVE_JANUS_PORT = E2E_PORT + 2;
/** …and that Janus's WebSocket API (scripts/janus.ts). */
export const JANUS_PORT = E2E_PORT + 3;
/**
 * The local Web Push service tests/e2e/push.spec.ts runs (HTTPS, tests/fixtures/push-service-*.pem):
 * the e2e server allows its origin (PUSH_ALLOWED_ORIGINS) and trusts its certificate.
 */
export const PUSH_SERVICE_PORT = E2E_PORT + 10;
export const PUSH_SERVICE_ORIGIN = `https://127.0.0.1:${PUSH_SERVICE_PORT}`;
