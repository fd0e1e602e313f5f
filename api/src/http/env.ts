import type { ReadRouter } from './read-replica.ts';
import type { Database, ImportSlots, Locale, PermittedRoute, Session, SessionUser } from '@fmea/core';
import type { RealtimeHub } from '../realtime/hub.ts';
import type { AnswerMismatch } from './answer-check.ts';
import type { AuthCache } from './auth-cache.ts';
import type { WebOrigins } from './origin.ts';

/** The signed-in caller, resolved once per request by `authenticate`. */
export interface AuthInfo {
  session: Session;
  user: SessionUser;
  isAdmin: boolean;
  roleTypes: string[];
  /** Product types the user's roles permit. */
  productTypes: string[];
  /** routeName → buttons granted on it. */
  routes: Map<string, Set<string>>;
  routers: PermittedRoute[];
}

/** What every route can reach: one instance per app. */
export interface AppServices {
  database: Database;
  now: () => Date;
  realtime: RealtimeHub;
  auth: AuthCache;
  filesDir: string;
  /** Largest spreadsheet the import routes take (IMPORT_MAX_MB; default 1 MB). */
  importLimitBytes: number;
  /** The imports that run at once (IMPORT_CONCURRENCY, default 2); the others wait (http/import-slot.ts). */
  imports: ImportSlots;
  /** TRUST_PROXY and ALLOWED_ORIGINS: the CSRF origin check and the cookie's Secure flag read them. */
  web: WebOrigins;
  /** Holds a sign-in back for the throttle's delay (core login's `wait`); tests record the delays instead of waiting. */
  wait?: (ms: number) => Promise<void>;
  /** Set when the server drains before it stops (server.ts): /api/health answers 503, so a load balancer sends no more. */
  lifecycle: { draining: boolean };
  /** Lists read from the read replica when one is configured (DATABASE_READ_URL) and has caught up with the caller. */
  readRouter?: ReadRouter;
  /** Tests only: told of each answer whose data does not parse through its route's schema (http/answer-check.ts). */
  checkAnswers?: (mismatch: AnswerMismatch) => void;
}

export interface AppEnv {
  Variables: {
    locale: Locale;
    services: AppServices;
    auth?: AuthInfo;
    /** Set by a route that streams its answer: the answer check leaves it unread. */
    streamed?: true;
  };
}
