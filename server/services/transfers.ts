/**
 * Account transfers: when a signed-in user links an account another user of the app owns, the link
 * answers 400 `account_transfer_required` with a single-use nonce; the method's `/transfer` route
 * then moves the account to the signed-in user and deletes the other user.
 *
 * The move and the deletion are two steps. The move (account re-owned, nonce spent) is one
 * transaction; the deletion of the other user runs after it commits. If the deletion fails or the
 * process dies in between, nothing is lost: the account is already with its new owner, the old user
 * still exists with its other accounts, and the spent transfer row stays marked "deletion pending".
 * {@link TransferService.finishPending} (run at the start of every transfer, and callable by an
 * operator) or a retry of the same transfer call finishes the deletion.
 * @module
 */
import { createHash, randomBytes } from 'node:crypto'
import type { ServerApp } from '../apps'
import { errors, type AccountTransferData, type HttpError } from '../errors'
import type { Db } from '../storage/db'
import type { Migration } from '../storage/migrations'
import { EMPTY_REGISTRY, type ServerRegistry } from '../registry'
import { endGuestStatus, type AccountInput, type UserRecord, type UserService } from './users'

/** How long a transfer nonce may be used after the link conflict that issued it. */
export const TRANSFER_NONCE_TTL_MS = 10 * 60 * 1000

/** The pending-transfers table. */
export const transferMigrations: readonly Migration[] = [
  {
    id: 'transfers/0001_account_transfers',
    sql: `
CREATE TABLE account_transfers (
  nonce_hash text PRIMARY KEY,
  app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
  to_user_id text NOT NULL,
  from_user_id text NOT NULL,
  type text NOT NULL,
  identity_key text NOT NULL,
  details jsonb NOT NULL,
  single boolean NOT NULL DEFAULT false,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  used_at bigint,
  deleted_at bigint
);
CREATE INDEX account_transfers_pending_idx ON account_transfers (app_id) WHERE used_at IS NOT NULL AND deleted_at IS NULL;
CREATE INDEX account_transfers_expires_idx ON account_transfers (app_id, expires_at);
`,
  },
]

/** What a `/transfer` route asks for: the nonce and the account it was issued for. */
export interface TransferRequest {
  nonce: string | undefined
  type: string | undefined
  identityKey: string | undefined
}

/** Test-only seams of the service. */
export interface TransferHooks {
  /**
   * Runs after the move has committed and before the old user is deleted. A test throws here to
   * prove that a crash between the two steps loses nothing.
   */
  afterMove?: (input: { appId: string; fromUserId: string; toUserId: string }) => void | Promise<void>
}

/** The transfers service (`ctx.transferAccount` and the link conflict use it). */
export interface TransferService {
  /**
   * When `account` belongs to another user of the app and may be transferred, records a pending
   * transfer to `userId` and returns the 400 `account_transfer_required` error to throw; returns null
   * when nobody else owns it. Types declared `transferable: false`, and accounts locked to their user
   * (`LinkedAccountType.locked`), answer 400 `linked_to_another_user`.
   * @throws 400 `cannot_link_more_of_type` when `single` and the user already has that type.
   */
  conflict(
    app: ServerApp,
    userId: string,
    account: AccountInput,
    now: number,
    options?: { single?: boolean },
  ): Promise<HttpError | null>
  /**
   * Moves the account named by a transfer nonce to `userId` and deletes the user it came from.
   * @returns the updated user.
   * @throws 400 `invalid_data` ('missing account transfer inputs', 'Invalid transfer account type',
   *   a nonce issued for another account); 401 `invalid_credentials` for an unknown, used, expired or
   *   another user's nonce.
   */
  transfer(app: ServerApp, userId: string, request: TransferRequest, now: number): Promise<UserRecord>
  /**
   * Deletes the old users of transfers whose second step did not finish.
   * @param app - only this app's transfers; all apps when omitted.
   * @returns how many old users were deleted.
   */
  finishPending(app?: ServerApp): Promise<number>
  /** Test-only seams; production code leaves them empty. */
  readonly hooks: TransferHooks
}

/** The stored form of a nonce: 256 random bits need no slow hash. */
const hashNonce = (nonce: string) => createHash('sha256').update(nonce).digest('hex')

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)

/** The readable handle the link-conflict screen shows: the email, number, address or OAuth name. */
export function accountDisplayName(account: AccountInput): string | null {
  const d = account.details
  return (
    text(d.address) ?? text(d.phoneNumber) ?? text(d.username) ?? text(d.email) ?? text(d.name) ?? text(account.identityKey)
  )
}

/** The identity as the client knows it: the checksummed address, the E.164 number, the subject. */
function accountSubject(account: AccountInput): string {
  const d = account.details
  return text(d.address) ?? text(d.phoneNumber) ?? text(d.subject) ?? account.identityKey
}

/** The other user's embedded wallet, which the conflict screen offers to copy before it is lost. */
function embeddedWalletAddress(registry: ServerRegistry, user: UserRecord | null): string | null {
  for (const a of user?.accounts ?? []) {
    const address = registry.accountType(a.type).embeddedWalletAddress(a)
    if (address) return address
  }
  return null
}

interface TransferRow {
  to_user_id: string
  from_user_id: string
  type: string
  identity_key: string
  details: Record<string, unknown>
  single: boolean
  expires_at: number
  used_at: number | null
  deleted_at: number | null
}

const badNonce = () => errors.invalidCredentials('Invalid or expired account transfer nonce.')

/**
 * Builds the transfers service.
 * @param db - the database.
 * @param users - the users service (reads and the conflict's owner lookup).
 * @param options - `registry`: the plugins' declarations (which types may move, what the offer shows);
 *   `logError` for a deletion that failed after a committed move.
 * @returns the service.
 * @example
 * ```ts
 * import { createTransferService, createUserService } from 'portico/server'
 * const transfers = createTransferService(db, createUserService(db))
 * const user = await transfers.transfer(app, userId, { nonce, type: 'email', identityKey: 'a@b.co' }, Date.now())
 * ```
 */
export function createTransferService(
  db: Db,
  users: UserService,
  options: { registry?: ServerRegistry; logError?: (message: string, error: unknown) => void } = {},
): TransferService {
  const registry = options.registry ?? EMPTY_REGISTRY
  const logError = options.logError ?? ((m, e) => console.error(`[portico] ${m}`, e))
  const hooks: TransferHooks = {}

  /** Step two: deletes the old user (cascading to its accounts and sessions) and records it. */
  async function deleteOldUser(appId: string, nonceHash: string, fromUserId: string, now: number): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.query('DELETE FROM users WHERE id = $1 AND app_id = $2', [fromUserId, appId])
      await tx.query('UPDATE account_transfers SET deleted_at = $2 WHERE nonce_hash = $1', [nonceHash, now])
    })
  }

  const service: TransferService = {
    hooks,

    async conflict(app, userId, account, now, o = {}) {
      const owner = await db.query<{ user_id: string; details: Record<string, unknown> }>(
        'SELECT user_id, details FROM linked_accounts WHERE app_id = $1 AND type = $2 AND identity_key = $3',
        [app.id, account.type, account.identityKey],
      )
      const fromUserId = owner[0]?.user_id
      if (!fromUserId || fromUserId === userId) return null
      const declared = registry.accountType(account.type)
      // An account locked to its user (its key shares are kept for that user) never moves.
      if (!declared.transferable || declared.locked({ ...account, details: owner[0]!.details })) return errors.linkedToAnotherUser()
      if (o.single) {
        // A transfer would give the user a second account of a one-per-user type: refuse as a link would.
        const mine = await db.query('SELECT 1 FROM linked_accounts WHERE app_id = $1 AND user_id = $2 AND type = $3', [
          app.id,
          userId,
          account.type,
        ])
        if (mine[0]) return errors.cannotLinkMoreOfType()
      }
      const nonce = randomBytes(32).toString('base64url')
      // Expired offers are swept here: conflicts are where the table grows.
      await db.query('DELETE FROM account_transfers WHERE app_id = $1 AND expires_at <= $2 AND used_at IS NULL', [app.id, now])
      await db.query(
        `INSERT INTO account_transfers (nonce_hash, app_id, to_user_id, from_user_id, type, identity_key, details, single, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [hashNonce(nonce), app.id, userId, fromUserId, account.type, account.identityKey, account.details, o.single ?? false, now, now + TRANSFER_NONCE_TTL_MS],
      )
      const other = await users.get(app, fromUserId)
      const offer = declared.transferOffer(account)
      const data: AccountTransferData = {
        nonce,
        subject: offer.subject ?? accountSubject(account),
        account: { displayName: offer.displayName !== undefined ? offer.displayName : accountDisplayName(account) },
        otherUser: { embeddedWalletAddress: embeddedWalletAddress(registry, other), ...offer.otherUser },
      }
      return errors.accountTransferRequired(data)
    },

    async transfer(app, userId, request, now) {
      const { nonce, type, identityKey } = request
      if (!nonce || !type || !identityKey) throw errors.invalidData('missing account transfer inputs')
      if (!registry.accountType(type).transferable) throw errors.invalidData('Invalid transfer account type')
      const nonceHash = hashNonce(nonce)
      // Sweep deletions earlier transfers left behind; this nonce's own is left to its retry path below.
      await sweep(app, nonceHash)

      const moved = await db.transaction(async (tx) => {
        // FOR UPDATE: two concurrent uses of one nonce queue here; the second sees it spent.
        const rows = await tx.query<TransferRow>(
          `SELECT to_user_id, from_user_id, type, identity_key, details, single, expires_at, used_at, deleted_at
           FROM account_transfers WHERE nonce_hash = $1 AND app_id = $2 FOR UPDATE`,
          [nonceHash, app.id],
        )
        const row = rows[0]
        // Another user's nonce looks like an unknown one: it says nothing about who else is transferring.
        if (!row || row.to_user_id !== userId) throw badNonce()
        if (row.type !== type || row.identity_key !== identityKey) {
          throw errors.invalidData('The transfer nonce was issued for another account.')
        }
        if (row.used_at !== null) {
          // A retry of a transfer whose deletion step failed finishes that step; any other reuse is refused.
          if (row.deleted_at === null) return { retry: true as const, fromUserId: row.from_user_id }
          throw badNonce()
        }
        if (Number(row.expires_at) <= now) throw badNonce()
        if (row.single) {
          const mine = await tx.query('SELECT 1 FROM linked_accounts WHERE app_id = $1 AND user_id = $2 AND type = $3', [
            app.id,
            userId,
            type,
          ])
          if (mine[0]) throw errors.cannotLinkMoreOfType()
        }
        const current = await tx.query<{ details: Record<string, unknown> }>(
          'SELECT details FROM linked_accounts WHERE app_id = $1 AND type = $2 AND identity_key = $3 AND user_id = $4 FOR UPDATE',
          [app.id, type, identityKey, row.from_user_id],
        )
        if (!current[0]) throw errors.invalidData('The account is no longer linked to the other user.')
        if (registry.accountType(type).locked({ type, identityKey, details: current[0].details })) {
          throw errors.invalidData('This account cannot be transferred.')
        }
        await tx.query(
          `UPDATE linked_accounts SET user_id = $5, details = $6, latest_verified_at = $7
           WHERE app_id = $1 AND type = $2 AND identity_key = $3 AND user_id = $4`,
          [app.id, type, identityKey, row.from_user_id, userId, row.details, now],
        )
        await tx.query('UPDATE account_transfers SET used_at = $2 WHERE nonce_hash = $1', [nonceHash, now])
        // As with a link: a guest who gains a real account is a guest no more.
        if (!registry.accountType(type).hidden) await endGuestStatus(tx, registry, app, userId)
        return { retry: false as const, fromUserId: row.from_user_id }
      })

      try {
        if (!moved.retry) await hooks.afterMove?.({ appId: app.id, fromUserId: moved.fromUserId, toUserId: userId })
        await deleteOldUser(app.id, nonceHash, moved.fromUserId, now)
      } catch (err) {
        // The move is committed and the row stays "deletion pending": finishPending or a retry completes it.
        logError(`account transfer: deleting user ${moved.fromUserId} failed; left for cleanup`, err)
      }
      const user = await users.get(app, userId)
      if (!user) throw errors.invalidToken()
      return user
    },

    finishPending: (app) => sweep(app, null),
  }

  /** Finishes pending deletions (all apps when `app` is undefined), except the transfer `skipHash`. */
  async function sweep(app: ServerApp | undefined, skipHash: string | null): Promise<number> {
    const rows = await db.query<{ nonce_hash: string; app_id: string; from_user_id: string }>(
      `SELECT nonce_hash, app_id, from_user_id FROM account_transfers
       WHERE used_at IS NOT NULL AND deleted_at IS NULL AND ($1::text IS NULL OR app_id = $1::text)
         AND ($2::text IS NULL OR nonce_hash <> $2::text)`,
      [app?.id ?? null, skipHash],
    )
    let done = 0
    for (const r of rows) {
      try {
        await deleteOldUser(r.app_id, r.nonce_hash, r.from_user_id, Date.now())
        done++
      } catch (err) {
        // One stuck deletion must not block the others, nor the transfer that triggered the sweep.
        logError(`account transfer cleanup: deleting user ${r.from_user_id} failed`, err)
      }
    }
    return done
  }
  return service
}
