/** The servers the end-to-end tests start (playwright.config.ts) and talk to. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
/** A second server with the automatic invitations on, ten times faster. */
export const AUTO_INVITE_PORT = E2E_PORT + 1;
