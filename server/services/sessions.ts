/**
 * Sessions: issuing access, identity and refresh tokens, rotation on refresh, reuse detection,
 * logout, and forked sessions.
 * @module
 */
import type { AuthenticatedUser } from '../../kernel/wire'
import type { Db } from '../storage/db'
import type { ServerApp } from '../apps'
import { newId } from '../ids'
import { errors } from '../errors'
import {
  hashRefreshToken,
  newRefreshToken,
  signAccessToken,
  signIdentityToken,
  verifyAccessToken,
} from '../tokens'
import type { UserRecord, UserService } from './users'

/** How long a refresh token stays valid when unused. */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000

/** A session found from a Bearer token. */
export interface SessionInfo {
  sessionId: string
  /** The bare user id. */
  userId: string
  app: ServerApp
}

interface RefreshRow {
  used_at: number | null
  expires_at: number
  session_id: string
  user_id: string
  family: string
  forked_from: string | null
  revoked_at: number | null
}

/** The sessions service handed to handlers as `ctx.sessions`. */
export interface SessionService {
  /** Starts a new session for a user and answers the contract's AuthenticatedUser (`set`). */
  issue(app: ServerApp, user: UserRecord, options: { isNewUser?: boolean }): Promise<AuthenticatedUser>
  /** Rotates a refresh token. An already-used token revokes its whole family (401 `missing_or_invalid_token`). */
  refresh(app: ServerApp, refreshToken: string, options?: { forkedOnly?: boolean }): Promise<AuthenticatedUser>
  /** Checks a Bearer access token and that its session is live. */
  verify(app: ServerApp, bearer: string, options?: { allowExpired?: boolean }): Promise<SessionInfo>
  /** Revokes a session's family (logout). */
  revoke(app: ServerApp, sessionId: string): Promise<void>
  /** Finds the session a refresh token belongs to (used or not). */
  sessionOfRefreshToken(app: ServerApp, refreshToken: string): Promise<string | null>
  /**
   * Forks: rotates the current session's refresh token and starts a second, independent session
   * for the same user.
   */
  fork(
    app: ServerApp,
    current: SessionInfo,
    refreshToken: string,
  ): Promise<{ refresh_token: string; token: string; new_session_refresh_token: string }>
  /** Signs a fresh identity token for a user. */
  identityToken(app: ServerApp, user: UserRecord): Promise<string>
}

/**
 * Builds the sessions service.
 * @param db - the database.
 * @param users - the users service.
 * @param now - the server clock (ms).
 * @returns the service.
 * @example
 * ```ts
 * import { createSessionService, createUserService } from 'portico/server'
 * const users = createUserService(db)
 * const sessions = createSessionService(db, users, Date.now)
 * const auth = await sessions.issue(app, user, { isNewUser: true })
 * ```
 */
export function createSessionService(db: Db, users: UserService, now: () => number): SessionService {
  async function tokensFor(app: ServerApp, user: UserRecord, sessionId: string, t: number) {
    const userDid = `did:privy:${user.id}`
    const [token, identityToken] = await Promise.all([
      signAccessToken(app.signingKey, { appId: app.id, sessionId, userDid, now: t }),
      service.identityToken(app, user),
    ])
    return { token, identityToken }
  }

  async function newSession(app: ServerApp, userId: string, t: number, forkedFrom: string | null) {
    const sessionId = newId()
    const refreshToken = newRefreshToken()
    // Session and its first refresh token in one statement (one round trip on the hot login path).
    await db.query(
      `WITH s AS (INSERT INTO sessions (id, app_id, user_id, family, forked_from, created_at)
                  VALUES ($1, $2, $3, $1, $4, $5) RETURNING id)
       INSERT INTO refresh_tokens (hash, session_id, created_at, expires_at) SELECT $6::text, s.id, $5::bigint, $7::bigint FROM s`,
      [sessionId, app.id, userId, forkedFrom, t, hashRefreshToken(refreshToken), t + REFRESH_TOKEN_TTL_MS],
    )
    return { sessionId, refreshToken }
  }

  async function rotate(app: ServerApp, refreshToken: string, t: number): Promise<{ row: RefreshRow; next: string }> {
    const hash = hashRefreshToken(refreshToken)
    const rows = await db.query<RefreshRow>(
      `SELECT rt.used_at, rt.expires_at, s.id AS session_id, s.user_id, s.family, s.forked_from, s.revoked_at
       FROM refresh_tokens rt JOIN sessions s ON s.id = rt.session_id
       WHERE rt.hash = $1 AND s.app_id = $2`,
      [hash, app.id],
    )
    const row = rows[0]
    if (!row || row.revoked_at !== null || row.expires_at <= t) throw errors.invalidToken('Invalid refresh token.')
    if (row.used_at !== null) {
      await service.revoke(app, row.session_id)
      throw errors.invalidToken('Refresh token already used; the session has been revoked.')
    }
    const next = newRefreshToken()
    // Marking used and inserting the successor is atomic; losing a race counts as reuse.
    const updated = await db.query(
      `WITH used AS (UPDATE refresh_tokens SET used_at = $2 WHERE hash = $1 AND used_at IS NULL RETURNING session_id)
       INSERT INTO refresh_tokens (hash, session_id, created_at, expires_at) SELECT $3::text, session_id, $2::bigint, $4::bigint FROM used
       RETURNING session_id`,
      [hash, t, hashRefreshToken(next), t + REFRESH_TOKEN_TTL_MS],
    )
    if (!updated[0]) {
      await service.revoke(app, row.session_id)
      throw errors.invalidToken('Refresh token already used; the session has been revoked.')
    }
    return { row, next }
  }

  const service: SessionService = {
    async issue(app, user, options) {
      const t = now()
      const { sessionId, refreshToken } = await newSession(app, user.id, t, null)
      const { token, identityToken } = await tokensFor(app, user, sessionId, t)
      return {
        user: users.toWire(user),
        token,
        privy_access_token: null,
        refresh_token: refreshToken,
        session_update_action: 'set',
        identity_token: identityToken,
        is_new_user: options.isNewUser ?? false,
      }
    },

    async refresh(app, refreshToken, options = {}) {
      const t = now()
      const { row, next } = await rotate(app, refreshToken, t)
      if (options.forkedOnly && row.forked_from === null) {
        throw errors.invalidToken('Not a forked session.')
      }
      const user = await users.get(app, row.user_id)
      if (!user) throw errors.invalidToken('User no longer exists.')
      const { token, identityToken } = await tokensFor(app, user, row.session_id, t)
      return {
        user: users.toWire(user),
        token,
        privy_access_token: null,
        refresh_token: next,
        session_update_action: 'set',
        identity_token: identityToken,
        is_new_user: false,
      }
    },

    async verify(app, bearer, options = {}) {
      let claims
      try {
        claims = await verifyAccessToken(bearer, {
          appId: app.id,
          verificationKey: app.publicPem,
          now: now(),
          allowExpired: options.allowExpired ?? false,
        })
      } catch {
        throw errors.invalidToken()
      }
      const rows = await db.query<{ user_id: string }>(
        'SELECT user_id FROM sessions WHERE id = $1 AND app_id = $2 AND revoked_at IS NULL',
        [claims.sessionId, app.id],
      )
      const userId = rows[0]?.user_id
      if (!userId || `did:privy:${userId}` !== claims.userId) throw errors.invalidToken()
      return { sessionId: claims.sessionId, userId, app }
    },

    async revoke(app, sessionId) {
      await db.query(
        `UPDATE sessions SET revoked_at = $3 WHERE app_id = $2 AND revoked_at IS NULL
           AND family = (SELECT family FROM sessions WHERE id = $1)`,
        [sessionId, app.id, now()],
      )
    },

    async sessionOfRefreshToken(app, refreshToken) {
      const rows = await db.query<{ session_id: string }>(
        `SELECT rt.session_id FROM refresh_tokens rt JOIN sessions s ON s.id = rt.session_id
         WHERE rt.hash = $1 AND s.app_id = $2`,
        [hashRefreshToken(refreshToken), app.id],
      )
      return rows[0]?.session_id ?? null
    },

    async fork(app, current, refreshToken) {
      const t = now()
      const owner = await service.sessionOfRefreshToken(app, refreshToken)
      if (owner !== current.sessionId) throw errors.invalidToken('Refresh token does not belong to this session.')
      const { row, next } = await rotate(app, refreshToken, t)
      const user = await users.get(app, row.user_id)
      if (!user) throw errors.invalidToken('User no longer exists.')
      const forked = await newSession(app, user.id, t, row.session_id)
      const token = await signAccessToken(app.signingKey, {
        appId: app.id,
        sessionId: row.session_id,
        userDid: `did:privy:${user.id}`,
        now: t,
      })
      return { refresh_token: next, token, new_session_refresh_token: forked.refreshToken }
    },

    identityToken(app, user) {
      return signIdentityToken(app.signingKey, {
        appId: app.id,
        userDid: `did:privy:${user.id}`,
        createdAt: user.createdAt,
        isGuest: user.isGuest,
        linkedAccounts: users.toCompact(user),
        customMetadata: user.customMetadata,
        now: now(),
      })
    },
  }
  return service
}
