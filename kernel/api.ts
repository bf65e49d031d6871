/**
 * The kernel's own routes: app configuration, sessions, the current user and analytics.
 * Their schemas are in `./schemas` and are paired with them in `coreSchemas` (server and tests only).
 * @module
 */
import { route, type SchemaRoute } from './route'
import type * as s from './schemas'

/** Routes every Portico client uses, whatever its plugins. */
export const coreRoutes = {
  /** The app's server configuration; no auth; the first call made. */
  app: route<SchemaRoute<typeof s.Empty, typeof s.AppResponse>>('GET', '/api/v1/apps/:app_id'),
  /** Refresh: rotates the refresh token; accepts an expired Bearer. */
  refresh: route<SchemaRoute<typeof s.RefreshRequest, typeof s.SessionResponse>>('POST', '/api/v1/sessions', {
    dedupe: true,
  }),
  /** Logout: revokes the session's refresh token family. */
  logout: route<SchemaRoute<typeof s.RefreshRequest, typeof s.Empty>>('POST', '/api/v1/sessions/logout', {
    dedupe: true,
    retry: false,
  }),
  /** A second session from a refresh token. */
  fork: route<SchemaRoute<typeof s.ForkRecoverRequest, typeof s.ForkResponse>>('POST', '/api/v1/sessions/fork', {
    dedupe: true,
  }),
  /** Recovers a forked session from its refresh token. */
  forkRecover: route<SchemaRoute<typeof s.ForkRecoverRequest, typeof s.AuthenticatedUser>>(
    'POST',
    '/api/v1/sessions/fork/recover',
    { dedupe: true },
  ),
  /** The user's live sessions (id, times, client, which one is the caller's). */
  sessions: route<SchemaRoute<typeof s.Empty, typeof s.SessionListResponse>>('GET', '/api/v1/sessions', { auth: true }),
  /** Revokes one of the user's sessions (`{session_id}`) or all but the caller's (`{all_others: true}`). */
  revokeSessions: route<SchemaRoute<typeof s.RevokeSessionsRequest, typeof s.RevokeSessionsResponse>>(
    'POST',
    '/api/v1/sessions/revoke',
    { auth: true, retry: false },
  ),
  /** The current user and a fresh identity token. */
  me: route<SchemaRoute<typeof s.Empty, typeof s.MeResponse>>('GET', '/api/v1/users/me', { auth: true, beforeTerms: true }),
  /** Records the user's acceptance of the app's terms. */
  acceptTerms: route<SchemaRoute<typeof s.Empty, typeof s.User>>('POST', '/api/v1/users/me/accept_terms', {
    auth: true,
    beforeTerms: true,
  }),
  /** Client analytics; never retried, answer ignored. */
  analytics: route<SchemaRoute<typeof s.AnalyticsEvent, typeof s.AnyObject>>('POST', '/api/v1/analytics_events', {
    retry: false,
  }),
}
