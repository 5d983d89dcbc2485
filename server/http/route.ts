/**
 * The route registry's building block. A route names its path, who may call it and the one schema
 * its payload must pass; the plumbing in api.ts does sessions, validation, timeouts and envelopes,
 * so a handler only calls a domain service and returns the answer's `data`.
 */
import type { z } from 'zod';
import type { OperatorRole } from '../../protocol/operator/operator';
import type { Caller } from '../core/caller';
import type { Session } from '../storage/contract';

/**
 * 'user' is any logged-in caller; 'man' and 'lady' also check the role; 'operator' is a logged-in
 * account holding an operator role (./operator-roles), the route's `operatorRole` when it names one.
 */
export type Auth = 'none' | 'user' | 'man' | 'lady' | 'operator';

/**
 * Every feature's services, as the composition root builds them: declared empty here and filled in
 * by server/services.ts (declaration merging), so the platform names no feature.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by declaration merging (server/services.ts)
export interface AppServices {}

export interface BaseContext {
  services: AppServices;
  /** The caller's address (the trusted proxy's X-Forwarded-For with TRUST_PROXY), for login throttling. */
  address: string;
  /** The session cookie's value as sent, whether or not it is valid. */
  sessionId: string | undefined;
  /** The device cookie's value as sent (a browser that signed in before), whether or not it is valid. */
  device: string | undefined;
  /** The browser's User-Agent (at most 300 characters), for the account's list of devices. */
  userAgent: string;
  /** The address this request came to ('http://localhost:8080'), for links when PUBLIC_ORIGIN is unset. */
  origin: string;
  /** Asks the plumbing to set the session cookie on this answer. */
  setSession(sessionId: string): void;
  /** Asks the plumbing to set the device cookie on this answer. */
  setDevice(device: string): void;
  /** Asks the plumbing to clear the session cookie on this answer. */
  clearSession(): void;
}

export interface AuthedContext extends BaseContext {
  session: Session;
  caller: Caller;
}

export type RouteContext<A extends Auth> = A extends 'none' ? BaseContext : AuthedContext;

/** A registered route with its types erased, as the registry and tests see it. */
export interface ApiRoute {
  path: string;
  /** 'GET' for the few calls the spec makes with GET (their query is the payload); POST is also taken. */
  method?: 'GET';
  /** The payload sits in the query even on POST (getBanner?id=&scenes=); body fields join it. */
  queryPayload?: true;
  auth: Auth;
  /** With auth 'operator': the role the call needs (10650 without it). */
  operatorRole?: OperatorRole;
  schema: z.ZodType;
  handler(ctx: BaseContext | AuthedContext, body: unknown): Promise<unknown>;
}

export function defineRoute<A extends Auth, S extends z.ZodType>(route: {
  path: string;
  method?: 'GET';
  queryPayload?: true;
  auth: A;
  operatorRole?: A extends 'operator' ? OperatorRole : never;
  schema: S;
  handler(ctx: RouteContext<A>, body: z.output<S>): Promise<unknown>;
}): ApiRoute {
  return route as unknown as ApiRoute;
}
