/**
 * The kernel's own routes on the server: app configuration, sessions, the current user, analytics.
 * @module
 */
import { coreRoutes } from '../kernel/api'
import { coreSchemas } from '../kernel/core-schemas'
import { toAppResponse } from './apps'
import { errors } from './errors'
import { defineServerPlugin } from './plugin'

/**
 * The core routes as a server plugin; `createServer` always registers it first.
 * @example
 * ```ts
 * import { collectRoutes, coreServerPlugin } from 'portico/server'
 * collectRoutes([coreServerPlugin]).length // 10
 * ```
 */
export const coreServerPlugin = defineServerPlugin({
  id: 'portico',
  routes: coreRoutes,
  schemas: coreSchemas,
  handlers: {
    async app(_req, ctx) {
      return toAppResponse(ctx.app, ctx.registry)
    },

    async refresh(req, ctx) {
      // The Bearer may be expired or absent: the refresh token alone decides.
      if (!req.body.refresh_token) throw errors.invalidToken('Missing refresh token.')
      return ctx.sessions.refresh(ctx.app, req.body.refresh_token)
    },

    async logout(req, ctx) {
      // The client sends this after wiping its state, often with an expired token: accept either proof.
      const bearer = await ctx.session({ allowExpired: true })
      const sessionId =
        bearer?.sessionId ??
        (req.body.refresh_token ? await ctx.sessions.sessionOfRefreshToken(ctx.app, req.body.refresh_token) : null)
      if (!sessionId) throw errors.invalidToken()
      await ctx.sessions.revoke(ctx.app, sessionId)
      return {}
    },

    async fork(req, ctx) {
      const current = await ctx.requireSession()
      return ctx.sessions.fork(ctx.app, current, req.body.refresh_token)
    },

    async forkRecover(req, ctx) {
      return ctx.sessions.refresh(ctx.app, req.body.refresh_token, { forkedOnly: true })
    },

    async sessions(_req, ctx) {
      const s = await ctx.requireSession()
      return { sessions: await ctx.sessions.list(ctx.app, s.userId, s.sessionId) }
    },

    async revokeSessions(req, ctx) {
      const s = await ctx.requireSession()
      if ('all_others' in req.body) return { revoked: await ctx.sessions.revokeOthers(ctx.app, s.userId, s.sessionId) }
      // Another user's session id answers like an unknown one: nothing tells whether it exists.
      if (!(await ctx.sessions.revokeOwn(ctx.app, s.userId, req.body.session_id))) throw errors.notFound('Session not found.')
      return { revoked: 1 }
    },

    async me(_req, ctx) {
      const s = await ctx.requireSession()
      const user = await ctx.users.get(ctx.app, s.userId)
      if (!user) throw errors.invalidToken()
      return { user: ctx.users.toWire(user), identity_token: await ctx.sessions.identityToken(ctx.app, user) }
    },

    async acceptTerms(_req, ctx) {
      const s = await ctx.requireSession()
      const user = await ctx.users.acceptTerms(ctx.app, s.userId)
      if (!user) throw errors.invalidToken()
      return ctx.users.toWire(user)
    },

    async analytics(req, ctx) {
      await ctx.db.query(
        'INSERT INTO analytics_events (app_id, event_name, client_id, payload, created_at) VALUES ($1, $2, $3, $4, $5)',
        [ctx.app.id, req.body.event_name, req.body.client_id, req.body.payload ?? null, ctx.now()],
      )
      return {}
    },
  },
})
