/**
 * Sessions: issuing access, identity and refresh tokens, rotation on refresh, reuse detection,
 * logout, and forked sessions.
 * @module
 */
import type { AuthenticatedUser } from '../../kernel/wire'
import { statementParams, type Bind, type Db } from '../storage/db'
import { decodeProtectedHeader } from 'jose'
import { verificationKeyOf, type ServerApp } from '../apps'
import { newId } from '../ids'
import { errors } from '../errors'
import {
  hashRefreshToken,
  newRefreshToken,
  signAccessToken,
  signIdentityToken,
  verifyAccessToken,
} from '../tokens'
import type { UserLookup, UserRecord, UserService } from './users'

/** How long a refresh token stays valid when unused (never past its session's end). */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000
/** A session's absolute lifetime, counted from the login, whatever refreshes happen. */
export const SESSION_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000
/** Live sessions one user may hold in an app; a login past it revokes the oldest. */
export const MAX_SESSIONS_PER_USER = 20
/**
 * How recent the session's login must be for sensitive changes ({@link assertFreshAuth}):
 * changing a login identifier, unlinking the last strong method, exporting a key.
 */
export const FRESH_AUTH_MAX_AGE_MS = 10 * 60 * 1000

/** The client a session was opened from, as recorded for the sessions list. */
export interface SessionClient {
  ip: string | null
  userAgent: string | null
}

/** One live session of a user, as `GET /api/v1/sessions` lists it (times in unix seconds). */
export interface SessionListEntry {
  id: string
  created_at: number
  last_used_at: number
  expires_at: number
  ip: string | null
  user_agent: string | null
  /** The session of the token that asked. */
  current: boolean
}

/** A session found from a Bearer token. */
export interface SessionInfo {
  sessionId: string
  /** The bare user id. */
  userId: string
  app: ServerApp
  /** When the user last proved who they are for this session (its login), in ms. */
  authenticatedAt: number
  /** Whether the user is a guest. */
  isGuest: boolean
  /** Whether the user has accepted the app's terms (`has_accepted_terms`). */
  hasAcceptedTerms: boolean
}

/**
 * Checks that a session's login is recent enough for a sensitive change.
 * @param session - the session of the request.
 * @param now - the server clock (ms).
 * @param maxAgeMs - how old the login may be. @defaultValue {@link FRESH_AUTH_MAX_AGE_MS}
 * @throws HttpError 403 `reauthentication_required` when the login is older.
 * @example
 * ```ts
 * import { assertFreshAuth } from 'portico/server'
 * assertFreshAuth(await ctx.requireSession(), ctx.now())
 * ```
 */
export function assertFreshAuth(session: SessionInfo, now: number, maxAgeMs = FRESH_AUTH_MAX_AGE_MS): void {
  if (now - session.authenticatedAt > maxAgeMs) throw errors.reauthenticationRequired()
}

interface RefreshRow {
  used_at: number | null
  expires_at: number
  session_id: string
  user_id: string
  family: string
  forked_from: string | null
  revoked_at: number | null
  session_expires_at: number
}

/** Options of {@link SessionService.issue}. */
export interface IssueOptions {
  isNewUser?: boolean
  /** The client the login came from (kept for the sessions list). */
  client?: SessionClient
  /**
   * The session the same device held before this login (its Bearer token): revoked once the new
   * one exists, so a device holds one session.
   */
  replaces?: string | null
}

/** The sessions service handed to handlers as `ctx.sessions`. */
export interface SessionService {
  /**
   * Starts a new session for a user and answers the contract's AuthenticatedUser (`set`). The
   * session ends {@link SESSION_MAX_AGE_MS} later; past {@link MAX_SESSIONS_PER_USER} live
   * sessions the oldest are revoked; `options.replaces` is revoked.
   */
  issue(app: ServerApp, user: UserRecord, options: IssueOptions): Promise<AuthenticatedUser>
  /**
   * A login in one statement (one commit): the session is inserted in the statement of a user
   * lookup ({@link UserService.lookup}) for the user it finds or creates, so the user, its account's
   * verification and its session are written together or not at all. Then as
   * {@link SessionService.issue}, `is_new_user` saying whether the lookup created the user.
   * @param lookup - builds the lookup, binding its values into the statement.
   * @returns the AuthenticatedUser, or null when the lookup had no user (nothing was written).
   */
  issueFor(
    app: ServerApp,
    lookup: (bind: Bind) => UserLookup,
    options: Omit<IssueOptions, 'isNewUser'>,
  ): Promise<AuthenticatedUser | null>
  /** Rotates a refresh token. An already-used token revokes its whole family (401 `missing_or_invalid_token`). */
  refresh(app: ServerApp, refreshToken: string, options?: { forkedOnly?: boolean }): Promise<AuthenticatedUser>
  /** Checks a Bearer access token and that its session is live. */
  verify(app: ServerApp, bearer: string, options?: { allowExpired?: boolean }): Promise<SessionInfo>
  /** Revokes a session's family (logout). */
  revoke(app: ServerApp, sessionId: string): Promise<void>
  /** The user's live sessions, newest first; `currentSessionId` is flagged `current`. */
  list(app: ServerApp, userId: string, currentSessionId: string): Promise<SessionListEntry[]>
  /**
   * Revokes one of the user's sessions (with its family). Another user's session counts as absent.
   * @returns whether a live session of this user was revoked.
   */
  revokeOwn(app: ServerApp, userId: string, sessionId: string): Promise<boolean>
  /**
   * Revokes every live session of the user except `keepSessionId` (after an identifier change, or
   * "sign out everywhere else").
   * @returns how many were revoked.
   */
  revokeOthers(app: ServerApp, userId: string, keepSessionId: string): Promise<number>
  /**
   * Replaces a session by a new one (new id, same login time and end): the old id is revoked, so
   * its access tokens die at once, and its live refresh token moves to the new session, so the
   * client's next refresh gets the new tokens. Used when a guest becomes a full user.
   * @returns the new session id, or null when the session was no longer live.
   */
  rotateId(app: ServerApp, sessionId: string): Promise<string | null>
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
  // A token issued while the user owes the app's terms says so (`verifyAccessToken` refuses it).
  const termsPending = (app: ServerApp, user: UserRecord) => app.settings.requireUsersAcceptTerms && !user.hasAcceptedTerms
  async function tokensFor(app: ServerApp, user: UserRecord, sessionId: string, t: number) {
    const userDid = `did:privy:${user.id}`
    const [token, identityToken] = await Promise.all([
      signAccessToken(app.signingKey, { appId: app.id, sessionId, userDid, now: t, termsPending: termsPending(app, user) }),
      service.identityToken(app, user),
    ])
    return { token, identityToken }
  }

  interface NewSession {
    forkedFrom: string | null
    /** The login time (a fork keeps its parent's). */
    authenticatedAt: number
    /** The absolute end (a fork keeps its parent's). */
    expiresAt: number
    client: SessionClient | undefined
  }

  /**
   * CTEs (without `WITH`) inserting a session for the user in `owner` (a CTE of column `id`, one row
   * or none), its first refresh token, and revoking the user's oldest live sessions past the cap:
   * the session `s` exists only when `owner` has a row. The cap's subquery does not see the new
   * row (one snapshot per statement): it keeps the newest cap - 1.
   */
  function sessionCtes(bind: Bind, app: ServerApp, s: NewSession, t: number, owner: string) {
    const sessionId = newId()
    const refreshToken = newRefreshToken()
    const [id, a, at] = [sessionId, app.id, t].map(bind)
    const ctes = `s AS (
         INSERT INTO sessions (id, app_id, user_id, family, forked_from, created_at, authenticated_at, expires_at, last_used_at, ip, user_agent)
         SELECT ${id}::text, ${a}::text, ${owner}.id, ${id}::text, ${bind(s.forkedFrom)}::text, ${at}::bigint, ${bind(s.authenticatedAt)}::bigint,
                ${bind(s.expiresAt)}::bigint, ${at}::bigint, ${bind(s.client?.ip ?? null)}::text, ${bind(s.client?.userAgent?.slice(0, 512) ?? null)}::text
         FROM ${owner} RETURNING id
       ), capped AS (
         UPDATE sessions SET revoked_at = ${at}::bigint WHERE id IN (
           SELECT id FROM sessions WHERE app_id = ${a}::text AND user_id = (SELECT id FROM ${owner}) AND revoked_at IS NULL AND expires_at > ${at}::bigint
           ORDER BY created_at DESC, id DESC OFFSET ${bind(MAX_SESSIONS_PER_USER - 1)}::bigint)
       ), refresh AS (
         INSERT INTO refresh_tokens (hash, session_id, created_at, expires_at)
         SELECT ${bind(hashRefreshToken(refreshToken))}::text, s.id, ${at}::bigint, ${bind(Math.min(t + REFRESH_TOKEN_TTL_MS, s.expiresAt))}::bigint FROM s
       )`
    return { ctes, sessionId, refreshToken }
  }

  /** A new session for a known user (a fork, or `issue`): one statement, one round trip. */
  async function newSession(app: ServerApp, s: NewSession & { userId: string }, t: number) {
    const { params, bind } = statementParams()
    const owner = `owner AS (SELECT ${bind(s.userId)}::text AS id)`
    const { ctes, sessionId, refreshToken } = sessionCtes(bind, app, s, t, 'owner')
    await db.query(`WITH ${owner}, ${ctes} SELECT 1`, params)
    return { sessionId, refreshToken }
  }

  /** The answer of a login once its session exists; the device's previous session ends then. */
  async function loggedIn(
    app: ServerApp,
    user: UserRecord,
    opened: { sessionId: string; refreshToken: string },
    t: number,
    options: IssueOptions,
  ): Promise<AuthenticatedUser> {
    // The device's previous session ends once the new one exists (after a failed login it lives on).
    if (options.replaces && options.replaces !== opened.sessionId) await service.revoke(app, options.replaces)
    const { token, identityToken } = await tokensFor(app, user, opened.sessionId, t)
    return {
      user: users.toWire(user),
      token,
      privy_access_token: null,
      refresh_token: opened.refreshToken,
      session_update_action: 'set',
      identity_token: identityToken,
      is_new_user: options.isNewUser ?? false,
    }
  }

  async function rotate(app: ServerApp, refreshToken: string, t: number): Promise<{ row: RefreshRow; next: string }> {
    const hash = hashRefreshToken(refreshToken)
    const rows = await db.query<RefreshRow>(
      `SELECT rt.used_at, rt.expires_at, s.id AS session_id, s.user_id, s.family, s.forked_from, s.revoked_at,
              s.expires_at AS session_expires_at
       FROM refresh_tokens rt JOIN sessions s ON s.id = rt.session_id
       WHERE rt.hash = $1 AND s.app_id = $2`,
      [hash, app.id],
    )
    const row = rows[0]
    if (!row || row.revoked_at !== null || row.expires_at <= t || row.session_expires_at <= t) {
      throw errors.invalidToken('Invalid refresh token.')
    }
    if (row.used_at !== null) {
      await service.revoke(app, row.session_id)
      throw errors.invalidToken('Refresh token already used; the session has been revoked.')
    }
    const next = newRefreshToken()
    // Marking used and inserting the successor is atomic; losing a race counts as reuse. The
    // successor never outlives the session; the session records its last use.
    const updated = await db.query(
      `WITH used AS (UPDATE refresh_tokens SET used_at = $2 WHERE hash = $1 AND used_at IS NULL RETURNING session_id),
       touched AS (UPDATE sessions SET last_used_at = $2 WHERE id IN (SELECT session_id FROM used))
       INSERT INTO refresh_tokens (hash, session_id, created_at, expires_at) SELECT $3::text, session_id, $2::bigint, $4::bigint FROM used
       RETURNING session_id`,
      [hash, t, hashRefreshToken(next), Math.min(t + REFRESH_TOKEN_TTL_MS, Number(row.session_expires_at))],
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
      const opened = await newSession(
        app,
        { userId: user.id, forkedFrom: null, authenticatedAt: t, expiresAt: t + SESSION_MAX_AGE_MS, client: options.client },
        t,
      )
      return loggedIn(app, user, opened, t, options)
    },

    async issueFor(app, lookup, options) {
      const t = now()
      const { params, bind } = statementParams()
      const found = lookup(bind)
      const session = { forkedFrom: null, authenticatedAt: t, expiresAt: t + SESSION_MAX_AGE_MS, client: options.client }
      const opened = sessionCtes(bind, app, session, t, 'login_user')
      const login = found.read(await db.query(`WITH ${found.ctes}, ${opened.ctes} ${found.select}`, params))
      return login ? loggedIn(app, login.user, opened, t, { ...options, isNewUser: login.created }) : null
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
        // The app's current key, or an earlier one not yet retired (key rotation), by the token's `kid`.
        const verificationKey = verificationKeyOf(app, decodeProtectedHeader(bearer).kid)
        if (!verificationKey) throw new Error('no key of the app has this kid')
        claims = await verifyAccessToken(bearer, {
          appId: app.id,
          verificationKey,
          now: now(),
          allowExpired: options.allowExpired ?? false,
          // The consent step's own routes serve a pending user; the request pipeline gates the rest.
          allowTermsPending: true,
        })
      } catch {
        throw errors.invalidToken()
      }
      const rows = await db.query<{ user_id: string; authenticated_at: number; is_guest: boolean; has_accepted_terms: boolean }>(
        `SELECT s.user_id, s.authenticated_at, u.is_guest, u.has_accepted_terms FROM sessions s JOIN users u ON u.id = s.user_id
         WHERE s.id = $1 AND s.app_id = $2 AND s.revoked_at IS NULL AND s.expires_at > $3`,
        [claims.sessionId, app.id, now()],
      )
      const row = rows[0]
      if (!row || `did:privy:${row.user_id}` !== claims.userId) throw errors.invalidToken()
      return {
        sessionId: claims.sessionId,
        userId: row.user_id,
        app,
        authenticatedAt: Number(row.authenticated_at),
        isGuest: row.is_guest,
        hasAcceptedTerms: row.has_accepted_terms,
      }
    },

    async revoke(app, sessionId) {
      await db.query(
        `UPDATE sessions SET revoked_at = $3 WHERE app_id = $2 AND revoked_at IS NULL
           AND family = (SELECT family FROM sessions WHERE id = $1)`,
        [sessionId, app.id, now()],
      )
    },

    async list(app, userId, currentSessionId) {
      // The same fields as the entry, times in ms as stored.
      const rows = await db.query<Omit<SessionListEntry, 'current'>>(
        `SELECT id, created_at, last_used_at, expires_at, ip, user_agent FROM sessions
         WHERE app_id = $1 AND user_id = $2 AND revoked_at IS NULL AND expires_at > $3
         ORDER BY created_at DESC, id DESC`,
        [app.id, userId, now()],
      )
      const secs = (ms: number) => Math.floor(Number(ms) / 1000)
      return rows.map((r) => ({
        id: r.id,
        created_at: secs(r.created_at),
        last_used_at: secs(r.last_used_at),
        expires_at: secs(r.expires_at),
        ip: r.ip,
        user_agent: r.user_agent,
        current: r.id === currentSessionId,
      }))
    },

    async revokeOwn(app, userId, sessionId) {
      // The user check is in the statement: another user's session id revokes nothing.
      const rows = await db.query(
        `UPDATE sessions SET revoked_at = $4 WHERE app_id = $1 AND revoked_at IS NULL AND family IN (
           SELECT family FROM sessions WHERE id = $2 AND app_id = $1 AND user_id = $3 AND revoked_at IS NULL AND expires_at > $4)
         RETURNING id`,
        [app.id, sessionId, userId, now()],
      )
      return rows.length > 0
    },

    async revokeOthers(app, userId, keepSessionId) {
      const rows = await db.query(
        `UPDATE sessions SET revoked_at = $4 WHERE app_id = $1 AND user_id = $2 AND id <> $3 AND revoked_at IS NULL
         RETURNING id`,
        [app.id, userId, keepSessionId, now()],
      )
      return rows.length
    },

    async rotateId(app, sessionId) {
      const t = now()
      const nextId = newId()
      // One statement: revoke the old id, copy the session under the new id (same family, so a
      // reuse of an old refresh token still ends it), move the unused refresh token over.
      const rows = await db.query<{ session_id: string }>(
        `WITH old AS (
           UPDATE sessions SET revoked_at = $3 WHERE id = $1 AND app_id = $2 AND revoked_at IS NULL AND expires_at > $3
           RETURNING app_id, user_id, family, forked_from, created_at, authenticated_at, expires_at, ip, user_agent
         ), fresh AS (
           INSERT INTO sessions (id, app_id, user_id, family, forked_from, created_at, authenticated_at, expires_at, last_used_at, ip, user_agent)
           SELECT $4, app_id, user_id, family, forked_from, created_at, authenticated_at, expires_at, $3, ip, user_agent FROM old
           RETURNING id
         )
         UPDATE refresh_tokens SET session_id = (SELECT id FROM fresh)
         WHERE session_id = $1 AND used_at IS NULL AND EXISTS (SELECT 1 FROM fresh)
         RETURNING session_id`,
        [sessionId, app.id, t, nextId],
      )
      if (rows[0]) return nextId
      const moved = await db.query('SELECT 1 FROM sessions WHERE id = $1', [nextId])
      return moved[0] ? nextId : null
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
      // The fork inherits its parent's login time and end: forking never extends a session.
      const forked = await newSession(
        app,
        {
          userId: user.id,
          forkedFrom: row.session_id,
          authenticatedAt: current.authenticatedAt,
          expiresAt: Number(row.session_expires_at),
          client: undefined,
        },
        t,
      )
      const token = await signAccessToken(app.signingKey, {
        appId: app.id,
        sessionId: row.session_id,
        userDid: `did:privy:${user.id}`,
        now: t,
        termsPending: termsPending(app, user),
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
        extraClaims: users.identityClaims(user),
        now: now(),
      })
    },
  }
  return service
}
