/** The servers the end-to-end tests start (playwright.config.ts) and talk to. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
/** A second server with the automatic invitations on, ten times faster. */
export const AUTO_INVITE_PORT = E2E_PORT + 1;
/**
 * The local Web Push service tests/e2e/push.spec.ts runs (HTTPS, tests/fixtures/push-service-*.pem):
 * the e2e server allows its origin (PUSH_ALLOWED_ORIGINS) and trusts its certificate.
 */
export const PUSH_SERVICE_PORT = E2E_PORT + 10;
export const PUSH_SERVICE_ORIGIN = `https://127.0.0.1:${PUSH_SERVICE_PORT}`;
