/**
 * Schemas of the kernel's routes, for the server and the contract tests.
 * @module
 */
import { defineSchemas } from './route'
import { coreRoutes } from './api'
import * as s from './schemas'

/** Request and response schema of every core route. */
export const coreSchemas = defineSchemas(coreRoutes, {
  app: { request: s.Empty, response: s.AppResponse },
  refresh: { request: s.RefreshRequest, response: s.SessionResponse },
  logout: { request: s.RefreshRequest, response: s.Empty },
  fork: { request: s.ForkRecoverRequest, response: s.ForkResponse },
  forkRecover: { request: s.ForkRecoverRequest, response: s.AuthenticatedUser },
  sessions: { request: s.Empty, response: s.SessionListResponse },
  revokeSessions: { request: s.RevokeSessionsRequest, response: s.RevokeSessionsResponse },
  me: { request: s.Empty, response: s.MeResponse },
  acceptTerms: { request: s.Empty, response: s.User },
  analytics: { request: s.AnalyticsEvent, response: s.AnyObject },
})
