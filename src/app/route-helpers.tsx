/** Small builders for the route map: a page, a placeholder, a redirect, a default child. */
import { type AnyRoute, createRoute, type RouteComponent, redirect } from '@tanstack/react-router';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The page title (document.title) and meta description. */
    title?: string;
    description?: string;
  }
}

export interface PageMeta {
  title: string;
  description: string;
}

export const page = (parent: AnyRoute, path: string, meta: PageMeta, component: RouteComponent) =>
  createRoute({ getParentRoute: () => parent, path, staticData: meta, component });

/** Pages readable without login (spec 002 §2: howitwork; the help pages; the account's mailed links). */
export const isPublicPath = (pathname: string) =>
  /^\/(howitwork|help)(\/|$)/.test(pathname) ||
  /^\/account\/(verify-email|reset-password|forgot-password)$/.test(pathname);

/** An address that only forwards (aliases, transition routes, default children), keeping its query. */
export const forward = (parent: AnyRoute, path: string, to: string) =>
  createRoute({
    getParentRoute: () => parent,
    path,
    beforeLoad: ({ search }) => {
      throw redirect({ to, search, replace: true });
    },
  });

/** The default child of a section: '/showorder' opens '/showorder/schs'. */
export const defaultChild = (parent: AnyRoute, to: string) => forward(parent, '/', to);
