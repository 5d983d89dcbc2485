/**
 * Content-Security-Policy violations as Chromium reports them: the securitypolicyviolation events
 * (kept in the page from the first byte of every document) and its console reports. Used by the
 * spec that signs in under the policy (csp.spec.ts) and by the walks over every page
 * (layout.spec.ts), which check each page broke no policy as they pass it.
 */
import type { Page } from '@playwright/test';

/** What Chromium says when a policy blocks something, or when a policy header is malformed. */
const POLICY_CONSOLE =
  /Content Security Policy|Content-Security-Policy|Permissions-Policy|Permissions policy/i;

export type Policy = Awaited<ReturnType<typeof watchPolicy>>;

/** Starts recording; `take()` returns what was seen since the last call and clears it. */
export async function watchPolicy(page: Page) {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (POLICY_CONSOLE.test(message.text())) logged.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener(
      'securitypolicyviolation',
      (e) =>
        seen.push(
          `${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
        ),
      true,
    );
  });
  return {
    async take(): Promise<string[]> {
      const inPage = await page.evaluate(
        () => (window as unknown as { cspViolations?: string[] }).cspViolations?.splice(0) ?? [],
      );
      return [...logged.splice(0), ...inPage];
    },
  };
}
