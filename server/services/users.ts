/**
 * Users and their linked accounts. Users belong to one app; a linked account's identity is unique
 * per (app, type, identity key).
 * @module
 */
import type { User } from '../../kernel/wire'
import { statementParams, type Bind, type Db } from '../storage/db'
import type { ServerApp } from '../apps'
import { newId } from '../ids'
import { errors, HttpError } from '../errors'
import { EMPTY_REGISTRY, type ServerRegistry } from '../registry'

/** A linked account as stored (times in ms). */
export interface AccountRecord {
  type: string
  /** What identifies it within its type (a lowercased email, an E.164 number, an address...). */
  identityKey: string
  /** The wire fields besides type and times (`{address}` for email). */
  details: Record<string, unknown>
  verifiedAt: number
  firstVerifiedAt: number | null
  latestVerifiedAt: number | null
}

/** A user as stored (times in ms). */
export interface UserRecord {
  /** The bare cuid (the wire id is `did:privy:<id>`). */
  id: string
  appId: string
  createdAt: number
  hasAcceptedTerms: boolean
  isGuest: boolean
  customMetadata: Record<string, string | number | boolean> | null
  accounts: AccountRecord[]
  /**
   * The User object fields the server's plugins add (`ServerPlugin.userFields`), by field name, as
   * read with the user. @defaultValue none
   */
  fields?: Readonly<Record<string, unknown>>
}

/** The account a login presents. */
export interface AccountInput {
  type: string
  identityKey: string
  details: Record<string, unknown>
}

interface UserRow {
  id: string
  app_id: string
  created_at: number
  has_accepted_terms: boolean
  is_guest: boolean
  custom_metadata: Record<string, string | number | boolean> | null
  accounts: {
    type: string
    identity_key: string
    details: Record<string, unknown>
    verified_at: number
    first_verified_at: number | null
    latest_verified_at: number | null
  }[] | null
  [field: `f_${string}`]: unknown
}

// One round trip per user read: the accounts come along as a JSON array, and the plugins' user
// fields as one column each (`f_<field>`).
const userColumns = (registry: ServerRegistry) =>
  [
    `u.id, u.app_id, u.created_at, u.has_accepted_terms, u.is_guest, u.custom_metadata,
  (SELECT json_agg(la ORDER BY la.id) FROM linked_accounts la WHERE la.user_id = u.id) AS accounts`,
    ...registry.userFields.map((f) => `(${f.sql}) AS "f_${f.field}"`),
  ].join(',\n  ')

function fromRow(row: UserRow, registry: ServerRegistry): UserRecord {
  const fields: Record<string, unknown> = {}
  for (const f of registry.userFields) fields[f.field] = row[`f_${f.field}`] ?? f.fallback
  return {
    fields,
    id: row.id,
    appId: row.app_id,
    createdAt: row.created_at,
    hasAcceptedTerms: row.has_accepted_terms,
    isGuest: row.is_guest,
    customMetadata: row.custom_metadata,
    accounts: (row.accounts ?? []).map((a) => ({
      type: a.type,
      identityKey: a.identity_key,
      details: a.details,
      verifiedAt: Number(a.verified_at),
      firstVerifiedAt: a.first_verified_at === null ? null : Number(a.first_verified_at),
      latestVerifiedAt: a.latest_verified_at === null ? null : Number(a.latest_verified_at),
    })),
  }
}

const secs = (ms: number) => Math.floor(ms / 1000)

/**
 * The user as it is after the statement that read it: the sub-statements of one statement share a
 * snapshot, so the read does not see the verification time the same statement wrote.
 */
function freshlyVerified(user: UserRecord, account: Pick<AccountInput, 'type' | 'identityKey'>, now: number): UserRecord {
  for (const a of user.accounts) {
    if (a.type === account.type && a.identityKey === account.identityKey) a.latestVerifiedAt = now
  }
  return user
}

/** Largest `custom_metadata`, as JSON in UTF-8 bytes: it travels in every identity token. */
export const MAX_CUSTOM_METADATA_BYTES = 1024
/** Longest key of `custom_metadata`. */
export const MAX_CUSTOM_METADATA_KEY_LENGTH = 64

/**
 * Checks a `custom_metadata` value: a flat object whose values are strings, finite numbers or
 * booleans, keys of 1 to {@link MAX_CUSTOM_METADATA_KEY_LENGTH} characters, at most
 * {@link MAX_CUSTOM_METADATA_BYTES} as JSON.
 * @param value - the candidate (anything a client sent).
 * @returns the metadata, or null for `null` and `{}` (cleared).
 * @throws 400 `invalid_data` naming what is wrong.
 * @example
 * ```ts
 * import { checkCustomMetadata } from 'portico/server'
 * checkCustomMetadata({ plan: 'pro', seats: 3 }) // { plan: 'pro', seats: 3 }
 * ```
 */
export function checkCustomMetadata(value: unknown): Record<string, string | number | boolean> | null {
  if (value === null) return null
  if (typeof value !== 'object' || Array.isArray(value) || Object.getPrototypeOf(value) !== Object.prototype) {
    throw errors.invalidData('custom_metadata must be an object.')
  }
  const out: Record<string, string | number | boolean> = {}
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (key.length === 0 || key.length > MAX_CUSTOM_METADATA_KEY_LENGTH) {
      throw errors.invalidData(`custom_metadata keys must have 1 to ${MAX_CUSTOM_METADATA_KEY_LENGTH} characters.`)
    }
    const ok = typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))
    if (!ok) throw errors.invalidData(`custom_metadata.${key} must be a string, a number or a boolean.`)
    out[key] = v as string | number | boolean
  }
  if (Buffer.byteLength(JSON.stringify(out), 'utf8') > MAX_CUSTOM_METADATA_BYTES) {
    throw errors.invalidData(`custom_metadata must be at most ${MAX_CUSTOM_METADATA_BYTES} bytes as JSON.`)
  }
  return Object.keys(out).length === 0 ? null : out
}

/** Options of {@link UserService.lookup}. */
export interface LookupOptions {
  /** Create the user when nobody has the account (within the app's user limit). */
  create: boolean
  /** Create the user as a guest. @defaultValue false */
  isGuest?: boolean
}

/** A login's user lookup, as part of a statement that goes on with the user it finds or creates. */
export interface UserLookup {
  /**
   * The statement's first CTEs (without `WITH`), ending with `login_user (id)`: one row, the
   * account's user (found, or created by this statement), or none.
   */
  ctes: string
  /** The statement's main query (after every CTE): the row {@link UserLookup.read} reads. */
  select: string
  /**
   * The user and whether this statement created it, from the statement's rows; null when
   * `login_user` was empty (no such account and none created: nothing was written).
   */
  read(rows: readonly Record<string, unknown>[]): { user: UserRecord; created: boolean } | null
}

/**
 * Runs a login's lookup (a statement built around {@link UserService.lookup}) until it has a user:
 * a sign-up that lost the race for its account to a concurrent one writes nothing and finds the
 * winner's user when run again, so a second run is all it can need.
 * @param create - whether the lookup creates users (as its `create` option).
 * @param run - builds and runs the statement; null when it had no user.
 * @returns what `run` answered.
 * @throws 404 `user_does_not_exist` when nothing was found and `create` is false; 403
 *   `max_accounts_reached` when the app's user limit left nothing to create.
 * @example
 * ```ts
 * const { user } = await findOrCreate(true, async () => {
 *   const { params, bind } = statementParams()
 *   const lookup = users.lookup(app, account, now, { create: true }, bind)
 *   return lookup.read(await db.query(`WITH ${lookup.ctes} ${lookup.select}`, params))
 * })
 * ```
 */
export async function findOrCreate<T>(create: boolean, run: () => Promise<T | null>): Promise<T> {
  const found = (await run()) ?? (create ? await run() : null)
  if (found) return found
  throw create ? errors.maxAccountsReached() : errors.userDoesNotExist()
}

/** The users service handed to handlers as `ctx.users`. */
export interface UserService {
  /**
   * Finds the user owning an account and records a fresh verification (`latest_verified_at`).
   * @returns the user, or null when nobody has that account.
   */
  findByAccount(app: ServerApp, account: Pick<AccountInput, 'type' | 'identityKey'>, now: number): Promise<UserRecord | null>
  /**
   * Creates a user with one linked account. Enforces the app's user limit (403 `max_accounts_reached`).
   * When the account exists already (an earlier or concurrent sign-up), returns its user with
   * `created: false` and records a fresh verification, as {@link UserService.findByAccount} does:
   * a login is one statement either way.
   */
  create(app: ServerApp, account: AccountInput, now: number, options?: { isGuest?: boolean }): Promise<{ user: UserRecord; created: boolean }>
  /**
   * The find-or-create of {@link UserService.create} (or, with `create: false`, the find of
   * {@link UserService.findByAccount}) as part of a longer statement, so that a login writes its
   * user and its session in one statement (one commit: both or neither). Run it through
   * {@link findOrCreate}.
   * @param bind - binds the lookup's values into the statement being built.
   */
  lookup(app: ServerApp, account: AccountInput, now: number, options: LookupOptions, bind: Bind): UserLookup
  /**
   * Adds an account to a user. Re-linking an account the user already has only refreshes its
   * verification time (a locked account keeps its details). A guest who links any visible account
   * that is not locked stops being a guest (the guest credential is retired, so it can no longer
   * open this account).
   * @throws 400 `linked_to_another_user` when someone else owns the account; 400
   *   `cannot_link_more_of_type` when `single` and the user already has an account of that type.
   */
  link(app: ServerApp, userId: string, account: AccountInput, now: number, options?: { single?: boolean }): Promise<UserRecord>
  /**
   * Removes one of a user's accounts (`…/unlink` routes).
   * @returns the updated user.
   * @throws 404 `linked_account_not_found` when the user has no such account; 400
   *   `cannot_unlink_sole_account` when it is the user's only (visible, not locked) account; 400 with
   *   the lock's code when the account is locked to the user (`LinkedAccountType.locked`).
   */
  unlink(app: ServerApp, userId: string, account: Pick<AccountInput, 'type' | 'identityKey'>): Promise<UserRecord>
  /**
   * Replaces one of a user's accounts by another of the same type in one statement (`…/update`
   * routes): the row keeps its place, gets the new identity and details, and counts as verified now.
   * @returns the updated user.
   * @throws 404 `linked_account_not_found` when the user has no such account; 400
   *   `linked_to_another_user` when another user owns the new identity.
   */
  replaceAccount(
    app: ServerApp,
    userId: string,
    from: Pick<AccountInput, 'type' | 'identityKey'>,
    to: AccountInput,
    now: number,
  ): Promise<UserRecord>
  /**
   * Sets (replaces) a user's `custom_metadata`, shown in the User object and the identity token.
   * Checked with {@link checkCustomMetadata}; `null` or `{}` clears it.
   * @returns the updated user, or null when the user does not exist in that app.
   * @throws 400 `invalid_data` for a value that is not a flat object of strings, numbers and booleans
   *   or is larger than {@link MAX_CUSTOM_METADATA_BYTES}.
   */
  setCustomMetadata(app: ServerApp, userId: string, metadata: unknown): Promise<UserRecord | null>
  /** Reads a user by bare id. */
  get(app: ServerApp, userId: string): Promise<UserRecord | null>
  /** Number of users of an app. */
  count(app: ServerApp): Promise<number>
  /** Records that the user accepted the app's terms. */
  acceptTerms(app: ServerApp, userId: string): Promise<UserRecord | null>
  /** The contract's `User` object. */
  toWire(user: UserRecord): User
  /** Compact entries for the identity token's `linked_accounts` claim. */
  toCompact(user: UserRecord): Record<string, unknown>[]
  /**
   * The identity token claims of the plugins' user fields declared `identityToken`: each value
   * JSON-encoded under the field's name.
   */
  identityClaims(user: UserRecord): Record<string, string>
}

/**
 * Builds the users service over a database.
 * @param db - the database.
 * @param registry - the server plugins' declarations: how each linked-account type shows in the
 *   User object and the identity token, which types are hidden or a guest's credential.
 *   @defaultValue no declarations (every type shown as stored)
 * @returns the service.
 * @example
 * ```ts
 * import { createUserService } from 'portico/server'
 * const users = createUserService(db)
 * const found = await users.findByAccount(app, { type: 'email', identityKey: 'a@b.co' }, Date.now())
 * ```
 */
export function createUserService(db: Db, registry: ServerRegistry = EMPTY_REGISTRY): UserService {
  const visible = (a: AccountRecord) => !registry.accountType(a.type).hidden
  const USER_COLUMNS = userColumns(registry)

  /** The user's accounts that are locked to it (none when no type can lock its accounts). */
  async function lockedAccounts(app: ServerApp, userId: string) {
    if (registry.lockableTypes.length === 0) return []
    const rows = await db.query<{ id: string; type: string; identity_key: string; details: Record<string, unknown> }>(
      `SELECT id::text AS id, type, identity_key, details FROM linked_accounts
       WHERE app_id = $1 AND user_id = $2 AND type IN (SELECT jsonb_array_elements_text($3::jsonb))`,
      [app.id, userId, JSON.stringify(registry.lockableTypes)],
    )
    return rows.flatMap((r) => {
      const lock = registry.accountType(r.type).locked({ type: r.type, identityKey: r.identity_key, details: r.details })
      return lock ? [{ id: r.id, type: r.type, identityKey: r.identity_key, lock }] : []
    })
  }
  const service: UserService = {
    async findByAccount(app, account, now) {
      const { params, bind } = statementParams()
      const lookup = service.lookup(app, { ...account, details: {} }, now, { create: false }, bind)
      return lookup.read(await db.query(`WITH ${lookup.ctes} ${lookup.select}`, params))?.user ?? null
    },

    async create(app, account, now, options = {}) {
      return findOrCreate(true, async () => {
        const { params, bind } = statementParams()
        const lookup = service.lookup(app, account, now, { create: true, isGuest: options.isGuest }, bind)
        return lookup.read(await db.query(`WITH ${lookup.ctes} ${lookup.select}`, params))
      })
    },

    lookup(app, account, now, options, bind) {
      const id = newId()
      const isGuest = options.isGuest ?? false
      const [a, t, type, key, max] = [app.id, now, account.type, account.identityKey, app.settings.maxUsers ?? null].map(bind)
      // The verification is recorded when the account exists (its user is read along); else the
      // account and then its user are inserted, within the app's user limit (checked in the insert,
      // so concurrent sign-ups cannot overshoot by much). The account goes first: a concurrent
      // sign-up that won it leaves this statement with nothing written (the foreign key to the
      // user is checked at the statement's end, when the user exists).
      const ctes = `hit AS (
           UPDATE linked_accounts SET latest_verified_at = ${t}::bigint
           WHERE app_id = ${a}::text AND type = ${type}::text AND identity_key = ${key}::text RETURNING user_id
         ), new_account AS (
           INSERT INTO linked_accounts (app_id, user_id, type, identity_key, details, verified_at, first_verified_at, latest_verified_at)
           SELECT ${a}::text, ${bind(id)}::text, ${type}::text, ${key}::text, ${bind(account.details)}::jsonb, ${t}::bigint, ${t}::bigint, ${t}::bigint
           WHERE ${bind(options.create)}::boolean AND NOT EXISTS (SELECT 1 FROM hit)
             AND (${max}::bigint IS NULL OR (SELECT count(*) FROM users WHERE app_id = ${a}::text) < ${max}::bigint)
           ON CONFLICT (app_id, type, identity_key) DO NOTHING
           RETURNING user_id
         ), new_user AS (
           INSERT INTO users (id, app_id, created_at, is_guest)
           SELECT user_id, ${a}::text, ${t}::bigint, ${bind(isGuest)}::boolean FROM new_account RETURNING id
         ), login_user AS (
           SELECT user_id AS id FROM hit UNION ALL SELECT id FROM new_user
         )`
      const select = `SELECT (SELECT id FROM new_user) AS created_id, found.*
         FROM (SELECT 1) AS one LEFT JOIN (
           SELECT ${USER_COLUMNS} FROM users u WHERE u.id = (SELECT user_id FROM hit) AND u.app_id = ${a}::text
         ) AS found ON true`
      return {
        ctes,
        select,
        read(rows) {
          const row = rows[0] as (Partial<UserRow> & { created_id: string | null }) | undefined
          if (row?.created_id) {
            // Everything about the new user is known here: no need to read it back.
            const user: UserRecord = {
              id,
              appId: app.id,
              createdAt: now,
              hasAcceptedTerms: false,
              isGuest,
              customMetadata: null,
              accounts: [{ ...account, verifiedAt: now, firstVerifiedAt: now, latestVerifiedAt: now }],
            }
            return { user, created: true }
          }
          if (row?.id) return { user: freshlyVerified(fromRow(row as UserRow, registry), account, now), created: false }
          return null
        },
      }
    },

    async link(app, userId, account, now, options = {}) {
      const declared = registry.accountType(account.type)
      const owner = await db.query<{ user_id: string; details: Record<string, unknown> }>(
        'SELECT user_id, details FROM linked_accounts WHERE app_id = $1 AND type = $2 AND identity_key = $3',
        [app.id, account.type, account.identityKey],
      )
      if (owner[0] && owner[0].user_id !== userId) throw errors.linkedToAnotherUser()
      if (owner[0]) {
        // A locked account keeps its details when the same identity is linked through a login method.
        const keep = declared.locked({ ...account, details: owner[0].details }) !== null && declared.locked(account) === null
        await db.query(
          'UPDATE linked_accounts SET latest_verified_at = $4, details = $5 WHERE app_id = $1 AND type = $2 AND identity_key = $3',
          [app.id, account.type, account.identityKey, now, keep ? owner[0].details : account.details],
        )
      } else {
        const inserted = await db.query<{ user_id: string }>(
          `INSERT INTO linked_accounts (app_id, user_id, type, identity_key, details, verified_at, first_verified_at, latest_verified_at)
           SELECT $1, $2, $3, $4, $5, $6, $6, $6
           WHERE EXISTS (SELECT 1 FROM users WHERE id = $2 AND app_id = $1)
             AND NOT ($7::boolean AND EXISTS (SELECT 1 FROM linked_accounts WHERE user_id = $2 AND type = $3))
           ON CONFLICT (app_id, type, identity_key) DO NOTHING
           RETURNING user_id`,
          [app.id, userId, account.type, account.identityKey, account.details, now, options.single ?? false],
        )
        if (!inserted[0]) {
          // Lost a race for the same account, hit the one-per-type rule, or the user is gone.
          const again = await db.query<{ user_id: string }>(
            'SELECT user_id FROM linked_accounts WHERE app_id = $1 AND type = $2 AND identity_key = $3',
            [app.id, account.type, account.identityKey],
          )
          if (again[0] && again[0].user_id !== userId) throw errors.linkedToAnotherUser()
          if (!again[0]) {
            if (!(await service.get(app, userId))) throw errors.invalidToken()
            throw errors.cannotLinkMoreOfType()
          }
        }
      }
      // A locked account is no way to sign in: a guest who gets one stays a guest.
      if (!declared.hidden && declared.locked(account) === null) await endGuestStatus(db, registry, app, userId)
      const user = await service.get(app, userId)
      if (!user) throw errors.invalidToken()
      return user
    },

    async unlink(app, userId, account) {
      const locked = await lockedAccounts(app, userId)
      const lock = locked.find((a) => a.type === account.type && a.identityKey === account.identityKey)?.lock
      if (lock) throw new HttpError(400, lock.code, lock.message)
      // One statement: the sole-account rule is checked where the row is deleted, so two concurrent
      // unlinks of a user's last two accounts cannot both succeed. Hidden and locked accounts are no
      // way to sign in: they do not count.
      const internal = JSON.stringify(registry.hiddenTypes)
      const rows = await db.query<{ outcome: string }>(
        `WITH target AS (
           SELECT id FROM linked_accounts WHERE app_id = $1 AND user_id = $2 AND type = $3 AND identity_key = $4
         ), others AS (
           SELECT count(*) AS n FROM linked_accounts
           WHERE user_id = $2 AND type NOT IN (SELECT jsonb_array_elements_text($5::jsonb)) AND id NOT IN (SELECT id FROM target)
             AND id NOT IN (SELECT jsonb_array_elements_text($6::jsonb)::bigint)
         ), gone AS (
           DELETE FROM linked_accounts WHERE id IN (SELECT id FROM target) AND (SELECT n FROM others) > 0 RETURNING id
         )
         SELECT CASE WHEN EXISTS (SELECT 1 FROM gone) THEN 'deleted'
                     WHEN EXISTS (SELECT 1 FROM target) THEN 'sole' ELSE 'missing' END AS outcome`,
        [app.id, userId, account.type, account.identityKey, internal, JSON.stringify(locked.map((a) => a.id))],
      )
      const outcome = rows[0]?.outcome
      if (outcome === 'missing') throw new HttpError(404, 'linked_account_not_found', 'Linked account not found.')
      if (outcome === 'sole') throw new HttpError(400, 'cannot_unlink_sole_account', 'Cannot unlink the only account of a user.')
      const user = await service.get(app, userId)
      if (!user) throw errors.invalidToken()
      return user
    },

    async replaceAccount(app, userId, from, to, now) {
      if (from.type !== to.type) throw new TypeError('replaceAccount: both accounts must have the same type')
      let rows: { user_id: string }[]
      try {
        rows = await db.query<{ user_id: string }>(
          `UPDATE linked_accounts SET identity_key = $5, details = $6, verified_at = $7, first_verified_at = $7, latest_verified_at = $7
           WHERE app_id = $1 AND user_id = $2 AND type = $3 AND identity_key = $4 RETURNING user_id`,
          [app.id, userId, from.type, from.identityKey, to.identityKey, to.details, now],
        )
      } catch (err) {
        // The unique (app, type, identity) index: someone else took the new identity meanwhile.
        if ((err as { code?: string }).code === '23505') throw errors.linkedToAnotherUser()
        throw err
      }
      if (!rows[0]) throw errors.linkedAccountNotFound()
      const user = await service.get(app, userId)
      if (!user) throw errors.invalidToken()
      return user
    },

    async setCustomMetadata(app, userId, metadata) {
      const checked = checkCustomMetadata(metadata)
      const rows = await db.query<{ id: string }>(
        'UPDATE users SET custom_metadata = $3 WHERE id = $1 AND app_id = $2 RETURNING id',
        [userId, app.id, checked],
      )
      return rows[0] ? service.get(app, userId) : null
    },

    async get(app, userId) {
      const rows = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1 AND u.app_id = $2`, [
        userId,
        app.id,
      ])
      return rows[0] ? fromRow(rows[0], registry) : null
    },

    async count(app) {
      const rows = await db.query<{ n: number }>('SELECT count(*)::bigint AS n FROM users WHERE app_id = $1', [app.id])
      return rows[0]!.n
    },

    async acceptTerms(app, userId) {
      await db.query('UPDATE users SET has_accepted_terms = true WHERE id = $1 AND app_id = $2', [userId, app.id])
      return service.get(app, userId)
    },

    toWire(user) {
      return {
        id: `did:privy:${user.id}`,
        created_at: secs(user.createdAt),
        linked_accounts: user.accounts.filter(visible).map((a) => ({
          ...registry.accountType(a.type).toWire(a),
          type: a.type,
          verified_at: secs(a.verifiedAt),
          first_verified_at: a.firstVerifiedAt === null ? null : secs(a.firstVerifiedAt),
          latest_verified_at: a.latestVerifiedAt === null ? null : secs(a.latestVerifiedAt),
        })) as User['linked_accounts'],
        mfa_methods: [],
        has_accepted_terms: user.hasAcceptedTerms,
        is_guest: user.isGuest,
        ...(user.customMetadata ? { custom_metadata: user.customMetadata } : {}),
        // A user built without reading (just created) has no fields read: each shows its fallback.
        ...Object.fromEntries(registry.userFields.map((f) => [f.field, user.fields?.[f.field] ?? f.fallback])),
      }
    },

    identityClaims(user) {
      const claims: Record<string, string> = {}
      for (const f of registry.userFields) {
        if (f.identityToken) claims[f.field] = JSON.stringify(user.fields?.[f.field] ?? f.fallback)
      }
      return claims
    },

    toCompact(user) {
      return user.accounts.filter(visible).map((a) => {
        const entry: Record<string, unknown> = { type: a.type, ...registry.accountType(a.type).toIdentityToken(a) }
        entry.lv = a.latestVerifiedAt === null ? null : secs(a.latestVerifiedAt)
        return entry
      })
    },
  }
  return service
}

/**
 * Ends a user's guest status after it gained a visible account: the user is a guest no more, and
 * its guest credentials (the types declared `guestCredential`) stop opening the account.
 * @param db - the database, or the transaction the account was added in.
 * @param registry - the declarations naming the guest credential types.
 * @param app - the app.
 * @param userId - the user.
 * @internal
 */
export async function endGuestStatus(db: Pick<Db, 'query'>, registry: ServerRegistry, app: ServerApp, userId: string): Promise<void> {
  const converted = await db.query<{ id: string }>(
    'UPDATE users SET is_guest = false WHERE id = $1 AND app_id = $2 AND is_guest RETURNING id',
    [userId, app.id],
  )
  if (converted[0] && registry.guestCredentialTypes.length > 0) {
    await db.query('DELETE FROM linked_accounts WHERE user_id = $1 AND type IN (SELECT jsonb_array_elements_text($2::jsonb))', [
      userId,
      JSON.stringify(registry.guestCredentialTypes),
    ])
  }
}
