/**
 * The app's pages, read from the live router so a new route is covered by every spec that walks
 * them (csp.spec.ts, layout.spec.ts). The app exposes its router to devtools as __TSR_ROUTER__.
 */
import { expect, type Page } from '@playwright/test';

/** Sample values for the routes' path parameters; a new parameter needs one here. */
const PARAMS: Record<string, string> = { id: 'A2002', index: '0' };
/** Transition routes (spec 002 §2 nullrouter): they forward at once to the page they came from. */
const TRANSITIONS = new Set(['/n1', '/n2']);

/** A page of the route map: its route id, its hash path and which shell it belongs to. */
export interface RoutePage {
  id: string;
  path: string;
  shell: 'public' | 'member' | 'lady';
}

interface RouterOnWindow {
  __TSR_ROUTER__?: {
    routesById: Record<
      string,
      { id: string; fullPath: string; options: { staticData?: { title?: string } } }
    >;
    state: { status: string; matches: { routeId: string }[] };
  };
}

/** Every page the live router knows (pages carry a title; aliases and section roots only forward). */
export async function routePages(page: Page): Promise<RoutePage[]> {
  // The app may boot its router after the first paint.
  await page.waitForFunction(() => (window as RouterOnWindow).__TSR_ROUTER__ !== undefined);
  const routes = await page.evaluate(() => {
    const router = (window as RouterOnWindow).__TSR_ROUTER__;
    if (!router) throw new Error('the router is not on window.__TSR_ROUTER__');
    return Object.values(router.routesById)
      .filter((r) => r.options.staticData?.title)
      .map((r) => ({ id: r.id, fullPath: r.fullPath }));
  });
  return routes
    .filter((r) => !TRANSITIONS.has(r.fullPath))
    .map(({ id, fullPath }) => ({
      id,
      path: fullPath.replace(/\$(\w+)/g, (_, name: string) => {
        const value = PARAMS[name];
        if (value === undefined) throw new Error(`no sample value for $${name} (route ${fullPath})`);
        return value;
      }),
      shell: id.startsWith('/lady/') ? 'lady' : id.startsWith('/member/') ? 'member' : 'public',
    }));
}

/**
 * Opens a page of the route map and waits until the router settled on that very route (no guard
 * or redirect took the browser elsewhere). Lazy route chunks load before the router is idle.
 */
export async function openRoute(page: Page, route: RoutePage) {
  await page.goto(`/#${route.path}`);
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const state = (window as RouterOnWindow).__TSR_ROUTER__?.state;
          return state?.status === 'idle' ? state.matches.at(-1)?.routeId : undefined;
        }),
      { message: route.path },
    )
    .toBe(route.id);
}
