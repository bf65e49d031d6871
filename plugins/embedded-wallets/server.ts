/**
 * `portico/plugins/embedded-wallets/server`: the embedded wallet's server half. It keeps each
 * secret's auth share (sealed under a wallet-share key that lives outside the database), its
 * encrypted recovery share with the automatic-recovery key (sealed under a separate recovery key)
 * or the password salt and the password verifier's hash (sealed likewise), and the wallets derived
 * from it; it answers the routes the wallet frame calls with the user's access token, releasing a
 * password wallet's recovery share only for the password's verifier (`./server/recovery-guard`),
 * and serves the frame's pages on the API's origin.
 *
 * Every change is proven by the wallet's own key (`./proof`): the server records only addresses
 * whose key the frame holds, and replaces a secret's shares only with its first wallet's signature.
 * @module
 */
import type { InferOutput } from 'valibot'
import {
  createUserService,
  defineServerPlugin,
  errors,
  HttpError,
  readSetting,
  type AccountInput,
  type Db,
  type LinkedAccountType,
  type RateLimitSetting,
  type RequestContext,
  type ServerApp,
  type UserRecord,
} from '../../server'
import { ethereumChainsSetting, walletsServer } from '../wallets/server'
import { embeddedWalletRoutes } from './api'
import { digestInput, walletProofMessage, type WalletProofFields } from './proof'
import { embeddedWalletSchemas, type EmbeddedWalletAccount } from './schemas'
import { DEFAULT_FRAME_DIST, framePages } from './server/frame-page'
import { noWalletKeys, walletKeys, walletSealedData, type SecretPlace, type WalletKeys } from './server/keys'
import { checkRecoveryPassword, VERIFIER_BYTES, verifierHash } from './server/recovery-guard'
import { embeddedWalletConfig, embeddedWalletsSetting } from './server/settings'
import {
  embeddedWalletMigrations,
  findHdWallet,
  findSecret,
  findWalletSecret,
  insertWallet,
  markExported,
  walletsOf,
  type SecretRow,
} from './server/store'
import { chainOfAddress, sha256Hex, VERIFIER_CHAIN, verifyWalletProof, walletAddress, type WalletAddress, type WalletChain } from './server/wallet-proof'

export { embeddedWalletsSetting, embeddedWalletConfig, type EmbeddedWalletsSettings } from './server/settings'
export { frameCsp, frameHtml, type FrameHtmlInput } from './server/frame-page'
export { RECOVERY_KEY_ENV, SHARE_KEY_ENV, walletKeysProblem } from './server/keys'
export { RECOVERY_PASSWORD_GUARD } from './server/recovery-guard'
export { embeddedWalletMigrations } from './server/store'

/** The CAIP-2 id of Solana mainnet, the chain of an embedded Solana wallet's linked account. */
export const SOLANA_MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

/** Creations and additions per user. */
export const EW_CREATE_PER_USER: RateLimitSetting = { limit: 60, windowMs: 10 * 60 * 1000 }
/** Auth share requests per user. */
export const EW_SHARES_PER_USER: RateLimitSetting = { limit: 60, windowMs: 60 * 1000 }
/**
 * Recovery key material and recovery share requests per user (together). Wrong passwords are limited
 * by the password guard's lockout ({@link RECOVERY_PASSWORD_GUARD}), per secret.
 */
export const EW_KEY_MATERIAL_PER_USER: RateLimitSetting = { limit: 30, windowMs: 60 * 1000 }

/** Options of {@link embeddedWalletsServer}. */
export interface EmbeddedWalletsServerOptions {
  /**
   * The key(s) that seal auth shares at rest (32 bytes, base64url or hex; `new,old` while rotating),
   * as `PORTICO_WALLET_SHARE_KEY` holds them. Without keys the routes answer 400 `feature_not_enabled`.
   */
  shareKeys?: string | readonly string[]
  /** The key(s) that seal automatic-recovery keys (`PORTICO_WALLET_RECOVERY_KEY`): another key than the share key. */
  recoveryKeys?: string | readonly string[]
  /** The built wallet frame's folder. @defaultValue the repository's `wallet-frame/dist` */
  frameDist?: string
  /** @defaultValue {@link EW_CREATE_PER_USER} */
  createPerUser?: RateLimitSetting
  /** @defaultValue {@link EW_SHARES_PER_USER} */
  sharesPerUser?: RateLimitSetting
  /** @defaultValue {@link EW_KEY_MATERIAL_PER_USER} */
  keyMaterialPerUser?: RateLimitSetting
  /**
   * Origins the wallet frame may fetch besides the API's own (its CSP `connect-src`), per app: the
   * cloud storages where a recovery key lives (`cloudStorageOrigins` of `portico/plugins/cloud-recovery/server`).
   * @defaultValue none: the frame reaches only the API
   */
  frameConnectSources?: (app: ServerApp) => readonly string[]
}

/**
 * The embedded wallet's sensitive operations, as its handlers name them to the server's
 * sensitive-operation guards (`ctx.checkSensitiveOperation`) once the request is checked and just
 * before the operation: a guard (the MFA core's, when it is registered) may refuse them. Releasing
 * the auth share (a device connecting), exporting, importing a key, adding a wallet, changing the
 * recovery.
 */
export const EMBEDDED_WALLET_OPERATIONS = {
  shares: 'embedded-wallets:shares',
  export: 'embedded-wallets:export',
  import: 'embedded-wallets:import',
  add: 'embedded-wallets:add',
  setRecovery: 'embedded-wallets:set-recovery',
} as const

/**
 * Sets the `delegated` flag of one of a user's embedded wallets (its `wallet` linked account), in the
 * caller's transaction: the public door through which the delegated-actions plugin shows that the
 * app may act with the wallet. Nothing else of the wallet changes.
 * @param tx - the database or a transaction.
 * @param appId - the app.
 * @param userId - the user (bare id).
 * @param address - the wallet's address (Ethereum addresses in any case).
 * @param delegated - the flag's new value.
 * @returns whether the user has that embedded wallet (false: nothing changed).
 * @example
 * ```ts
 * import { setEmbeddedWalletDelegated } from 'portico/plugins/embedded-wallets/server'
 * await ctx.db.transaction((tx) => setEmbeddedWalletDelegated(tx, ctx.app.id, userId, address, true))
 * ```
 */
export async function setEmbeddedWalletDelegated(tx: Db, appId: string, userId: string, address: string, delegated: boolean): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE linked_accounts SET details = details || jsonb_build_object('delegated', $5::boolean)
     WHERE app_id = $1 AND user_id = $2 AND type = 'wallet' AND identity_key = $3
       AND identity_key IN (SELECT identity_key FROM embedded_wallets WHERE app_id = $1 AND user_id = $2 AND chain_type = $4)
     RETURNING identity_key`,
    [appId, userId, walletAddress(chainOfAddress(address), address).identityKey, chainOfAddress(address), delegated],
  )
  return rows.length > 0
}

/** Whether a linked account's details are an embedded wallet's (server-set fields only). */
const isEmbedded = (d: Record<string, unknown>) => d.wallet_client === 'privy' && d.connector_type === 'embedded'

/**
 * Embedded wallets in `linked_accounts` (`wallet` entries): locked to their user, since the server
 * keeps their key shares for that user only.
 */
export const embeddedWalletAccountType: LinkedAccountType = {
  type: 'wallet',
  strong: true,
  locked: ({ details }) =>
    isEmbedded(details) ? { code: 'cannot_unlink_embedded_wallet', message: 'An embedded wallet cannot be unlinked.' } : null,
}

const notFound = () => errors.linkedAccountNotFound('No such embedded wallet for this user.')
const did = (userId: string) => `did:privy:${userId}`

/** 409 `resource_already_exists`: the wallet (or its chain's first wallet) exists already. */
const alreadyExists = (address: string, entropyId: string | null) =>
  new HttpError(409, 'resource_already_exists', 'This embedded wallet already exists.', { address, entropy_id: entropyId })

/** Base64 of the right size, else 400 `invalid_data`; answers the bytes. */
function checkBytes(text: string, field: string, sizes: readonly number[]): Buffer {
  const bytes = Buffer.from(text, 'base64')
  if (!sizes.includes(bytes.length)) throw errors.invalidData(`${field} must hold ${sizes.join(' or ')} bytes.`)
  return bytes
}

/** The contract's `recovery_type` of each recovery method. */
const RECOVERY_TYPES = {
  privy: 'privy_generated_recovery_key',
  'user-passcode': 'user_passcode_derived_recovery_key',
  'google-drive': 'google_drive_recovery_secret',
  icloud: 'icloud_recovery_secret',
} as const

/** A share is its secret's length (16 bytes of entropy, or a 32-byte key) plus its x coordinate. */
const SHARE_BYTES = { hd: 17, imported: 33 } as const

type Recovery =
  | { method: 'privy'; encrypted_share: string; recovery_key: string }
  | { method: 'user-passcode'; encrypted_share: string; salt: string; verifier: string }
  | { method: 'google-drive'; encrypted_share: string; file_id: string }
  | { method: 'icloud'; encrypted_share: string; icloud_record_name: string }

/**
 * Checks a recovery input against the app's settings and the sizes of its key, salt and verifier
 * (a password's share must be `v2`, the version that has a verifier), and seals what must be sealed.
 * @returns what the row stores in `recovery_key` (sealed), `recovery_salt`, `recovery_verifier`
 * (the verifier's hash, sealed) and `recovery_ref` (a cloud recovery key's place).
 */
function storedRecovery(app: ServerApp, keys: WalletKeys, place: SecretPlace, recovery: Recovery, onCreate: boolean) {
  const s = readSetting(app, embeddedWalletsSetting)
  const refused = () => new HttpError(400, 'disallowed_recovery_method', `This app does not allow the ${recovery.method} recovery method here.`)
  if (recovery.method === 'privy') {
    if (onCreate && s.requireUserOwnedRecoveryOnCreate) throw refused()
    checkBytes(recovery.recovery_key, 'recovery_key', [32])
    return { recoveryKey: keys.seal('recovery_key', recovery.recovery_key, place), salt: null, verifier: null, ref: null }
  }
  if (!s.userOwnedRecoveryOptions.includes(recovery.method)) throw refused()
  if (recovery.method === 'google-drive') return { recoveryKey: null, salt: null, verifier: null, ref: recovery.file_id }
  if (recovery.method === 'icloud') return { recoveryKey: null, salt: null, verifier: null, ref: recovery.icloud_record_name }
  checkBytes(recovery.salt, 'salt', [16, 32])
  const verifier = checkBytes(recovery.verifier, 'verifier', [VERIFIER_BYTES])
  if (!recovery.encrypted_share.startsWith('v2.')) throw errors.invalidData('A password-protected encrypted_share must be v2.')
  return { recoveryKey: null, salt: recovery.salt, verifier: keys.seal('recovery_verifier', verifierHash(verifier), place), ref: null }
}

/** Checks a proof by `signer` over the message of `fields`; 400 `invalid_data` when it does not verify. */
async function checkProof(
  ctx: RequestContext,
  userId: string,
  signer: WalletAddress,
  fields: Omit<WalletProofFields, 'appId' | 'userId'>,
  proof: string,
): Promise<void> {
  const message = walletProofMessage({ ...fields, appId: ctx.app.id, userId: did(userId) })
  if (!(await verifyWalletProof(signer, message, proof))) {
    throw errors.invalidData(`The proof is not ${signer.address}'s signature of this ${fields.action} request.`)
  }
}

/** Holds the user's row for the transaction: a user's wallet changes run one at a time. */
async function lockUser(tx: Db, app: ServerApp, userId: string): Promise<void> {
  const rows = await tx.query('SELECT id FROM users WHERE id = $1 AND app_id = $2 FOR UPDATE', [userId, app.id])
  if (!rows[0]) throw errors.invalidToken()
}

/** 409 when a linked account already holds the address (the user's own embedded wallet says which secret). */
async function checkAddressFree(tx: Db, app: ServerApp, userId: string, wallet: WalletAddress): Promise<void> {
  const rows = await tx.query<{ user_id: string; entropy_id: string | null }>(
    `SELECT la.user_id, w.entropy_id FROM linked_accounts la
     LEFT JOIN embedded_wallets w ON w.app_id = la.app_id AND w.identity_key = la.identity_key AND w.user_id = la.user_id
     WHERE la.app_id = $1 AND la.type = 'wallet' AND la.identity_key = $2`,
    [app.id, wallet.identityKey],
  )
  const row = rows[0]
  if (row) throw alreadyExists(wallet.address, row.user_id === userId ? row.entropy_id : null)
}

/** The `wallet` linked account of an embedded wallet. */
function walletAccount(app: ServerApp, w: WalletAddress, walletIndex: number, imported: boolean, recoveryMethod: string): AccountInput {
  const chainId = w.chain === 'ethereum' ? (readSetting(app, ethereumChainsSetting)[0] ?? 'eip155:1') : SOLANA_MAINNET
  return {
    type: 'wallet',
    identityKey: w.identityKey,
    details: {
      id: null,
      address: w.address,
      chain_id: chainId,
      chain_type: w.chain,
      wallet_client: 'privy',
      wallet_client_type: 'privy',
      connector_type: 'embedded',
      wallet_index: walletIndex,
      delegated: false,
      imported,
      recovery_method: recoveryMethod,
      ...(w.chain === 'solana' ? { public_key: w.address } : {}),
    },
  }
}

/** Links the wallet's account in the transaction; another owner (a race) is 409. */
async function linkWallet(ctx: RequestContext, tx: Db, userId: string, account: AccountInput, address: string): Promise<UserRecord> {
  try {
    return await createUserService(tx, ctx.registry).link(ctx.app, userId, account, ctx.now())
  } catch (err) {
    if (err instanceof HttpError && err.code === 'linked_to_another_user') throw alreadyExists(address, null)
    throw err
  }
}

/** The answer of `create` and `add`: the wallet's entry and the user. */
function walletResponse(ctx: RequestContext, user: UserRecord, address: string) {
  const wire = ctx.users.toWire(user)
  const wallet = wire.linked_accounts.find((a) => a.type === 'wallet' && a.address === address && isEmbedded(a))
  if (!wallet) throw new Error(`The embedded wallet ${address} is missing from its user's accounts`)
  // The entry is the embedded wallet's account as `walletAccount` stored it.
  return { wallet: wallet as unknown as InferOutput<typeof EmbeddedWalletAccount>, user: wire }
}

/** A secret id (the address of the secret's first wallet) as sent, checked and canonical. */
const entropyAddress = (text: string) => walletAddress(chainOfAddress(text), text, 'entropy_id')

/** The wallet a recovery route's path names (`:address`, on the body's chain or the address's own). */
function pathWallet(text: string | undefined, chainType: WalletChain | undefined): WalletAddress {
  const address = text ?? ''
  return walletAddress(chainType ?? chainOfAddress(address), address)
}

/** The format version of a secret's stored recovery share (`v1.…` or `v2.…`). */
const shareVersion = (row: Pick<SecretRow, 'encrypted_recovery_share'>): 'v1' | 'v2' => (row.encrypted_recovery_share.startsWith('v1.') ? 'v1' : 'v2')

/**
 * The embedded wallet's server half: the routes of `./api` (`POST /api/v1/embedded_wallets`,
 * `/add`, `/shares`, `/:address/recovery/key_material`, `/:address/recovery/share`, `/recovery`, and
 * `POST /api/v1/wallets/revoke`),
 * the frame pages (`GET /apps/:app_id/embedded-wallets`, `…/export`), the `embeddedWallets` app
 * setting and the app response's `embedded_wallet_config`. It requires the wallets plugin (the
 * app's Ethereum chains name an Ethereum wallet's `chain_id`).
 * @param options - the sealing keys, the frame's build folder and the rate limits.
 * @returns the server plugin.
 * @throws `SecretKeyError` for a malformed key, one key without the other, or twice the same key.
 * @example
 * ```ts
 * import { createServer, createPgliteDb, DevInbox } from 'portico/server'
 * import { embeddedWalletsServer } from 'portico/plugins/embedded-wallets/server'
 * const server = await createServer({
 *   db: await createPgliteDb(), mail: new DevInbox(), secret: process.env.PORTICO_SECRET!,
 *   plugins: [embeddedWalletsServer({ shareKeys: process.env.PORTICO_WALLET_SHARE_KEY, recoveryKeys: process.env.PORTICO_WALLET_RECOVERY_KEY })],
 * })
 * ```
 */
export function embeddedWalletsServer(options: EmbeddedWalletsServerOptions = {}) {
  const keys = walletKeys(options.shareKeys, options.recoveryKeys)
  const createLimit = options.createPerUser ?? EW_CREATE_PER_USER
  const sharesLimit = options.sharesPerUser ?? EW_SHARES_PER_USER
  const materialLimit = options.keyMaterialPerUser ?? EW_KEY_MATERIAL_PER_USER
  const withKeys = (): WalletKeys => {
    if (!keys) throw noWalletKeys()
    return keys
  }
  const limit = (ctx: RequestContext, what: string, userId: string, l: RateLimitSetting) =>
    ctx.rateLimit(`ew:${what}:${ctx.app.id}:${userId}`, l.limit, l.windowMs)
  const placeOf = (ctx: RequestContext, row: Pick<SecretRow, 'user_id' | 'entropy_id'>): SecretPlace => ({
    appId: ctx.app.id,
    userId: row.user_id,
    entropyId: row.entropy_id,
  })

  return defineServerPlugin({
    id: 'embedded-wallets',
    routes: embeddedWalletRoutes,
    schemas: embeddedWalletSchemas,
    requires: [walletsServer()],
    migrations: embeddedWalletMigrations,
    settings: [embeddedWalletsSetting],
    accountTypes: [embeddedWalletAccountType],
    appResponse: embeddedWalletConfig,
    pages: framePages(options.frameDist ?? DEFAULT_FRAME_DIST, options.frameConnectSources),
    ownOrigin: true,
    sealedData: walletSealedData(keys),
    handlers: {
      async create(req, ctx) {
        const k = withKeys()
        const { userId } = await ctx.requireSession()
        const b = req.body
        const wallet = walletAddress(b.chain_type, b.address)
        if (VERIFIER_CHAIN[b.entropy_id_verifier] !== b.chain_type) {
          throw errors.invalidData("entropy_id_verifier must name the wallet's chain.")
        }
        if (walletAddress(b.chain_type, b.entropy_id, 'entropy_id').identityKey !== wallet.identityKey) {
          throw errors.invalidData("entropy_id must be the address of the secret's first wallet: the one created.")
        }
        const kind = b.imported ? 'imported' : 'hd'
        checkBytes(b.auth_share, 'auth_share', [SHARE_BYTES[kind]])
        const place = { appId: ctx.app.id, userId, entropyId: wallet.address }
        const recovery = storedRecovery(ctx.app, k, place, b.recovery, true)
        await limit(ctx, 'create', userId, createLimit)
        const digest = sha256Hex(digestInput(b.auth_share, b.recovery))
        await checkProof(ctx, userId, wallet, { action: 'create', address: b.address, entropyId: b.entropy_id, digest, version: 0 }, b.proof)
        if (b.imported) await ctx.checkSensitiveOperation(EMBEDDED_WALLET_OPERATIONS.import)

        const now = ctx.now()
        const user = await ctx.db.transaction(async (tx) => {
          await lockUser(tx, ctx.app, userId)
          if (!b.imported) {
            const existing = await findHdWallet(tx, ctx.app.id, userId, wallet.chain, 0)
            if (existing) throw alreadyExists(existing.address, existing.entropy_id)
          }
          await checkAddressFree(tx, ctx.app, userId, wallet)
          const r = b.recovery
          const stored = await tx.query(
            `INSERT INTO embedded_wallet_secrets (app_id, entropy_id, user_id, entropy_id_verifier, kind, auth_share, recovery_method,
               encrypted_recovery_share, recovery_key, recovery_salt, recovery_verifier, recovery_ref, version, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $13, 1, $12, $12)
             ON CONFLICT DO NOTHING RETURNING entropy_id`,
            [
              ctx.app.id,
              wallet.address,
              userId,
              b.entropy_id_verifier,
              kind,
              k.seal('auth_share', b.auth_share, place),
              r.method,
              r.encrypted_share,
              recovery.recoveryKey,
              recovery.salt,
              recovery.verifier,
              now,
              recovery.ref,
            ],
          )
          const fresh = { address: wallet.address, identityKey: wallet.identityKey, chain: wallet.chain, walletIndex: 0, entropyId: wallet.address, imported: b.imported }
          if (!stored[0] || !(await insertWallet(tx, ctx.app.id, userId, fresh, now))) throw alreadyExists(wallet.address, null)
          return linkWallet(ctx, tx, userId, walletAccount(ctx.app, wallet, 0, b.imported, r.method), wallet.address)
        })
        return walletResponse(ctx, user, wallet.address)
      },

      async add(req, ctx) {
        withKeys()
        const { userId } = await ctx.requireSession()
        const b = req.body
        const entropy = entropyAddress(b.entropy_id)
        const wallet = walletAddress(b.chain_type, b.address)
        const secret = await findSecret(ctx.db, ctx.app.id, userId, entropy.address)
        if (!secret) throw notFound()
        if (secret.kind !== 'hd') throw errors.invalidData('An imported key is one wallet: nothing can be derived from it.')
        await limit(ctx, 'create', userId, createLimit)
        await checkProof(ctx, userId, wallet, { action: 'add', address: b.address, entropyId: b.entropy_id, digest: '', version: 0 }, b.proof)
        await ctx.checkSensitiveOperation(EMBEDDED_WALLET_OPERATIONS.add)

        const now = ctx.now()
        const user = await ctx.db.transaction(async (tx) => {
          await lockUser(tx, ctx.app, userId)
          // Read again under the lock: the recovery method may have changed meanwhile.
          const current = await findSecret(tx, ctx.app.id, userId, entropy.address)
          if (!current) throw notFound()
          const existing = await findHdWallet(tx, ctx.app.id, userId, wallet.chain, b.wallet_index)
          if (existing) throw alreadyExists(existing.address, existing.entropy_id)
          await checkAddressFree(tx, ctx.app, userId, wallet)
          const fresh = { address: wallet.address, identityKey: wallet.identityKey, chain: wallet.chain, walletIndex: b.wallet_index, entropyId: entropy.address, imported: false }
          if (!(await insertWallet(tx, ctx.app.id, userId, fresh, now))) throw alreadyExists(wallet.address, null)
          return linkWallet(ctx, tx, userId, walletAccount(ctx.app, wallet, b.wallet_index, false, current.recovery_method), wallet.address)
        })
        return walletResponse(ctx, user, wallet.address)
      },

      async shares(req, ctx) {
        const k = withKeys()
        const exporting = req.body.purpose === 'export'
        const { userId } = exporting ? await ctx.requireFreshAuth() : await ctx.requireSession()
        const entropy = entropyAddress(req.body.entropy_id)
        await limit(ctx, 'shares', userId, sharesLimit)
        await ctx.checkSensitiveOperation(exporting ? EMBEDDED_WALLET_OPERATIONS.export : EMBEDDED_WALLET_OPERATIONS.shares)
        const row = exporting
          ? await markExported(ctx.db, ctx.app.id, userId, entropy.address, ctx.now())
          : await findSecret(ctx.db, ctx.app.id, userId, entropy.address)
        if (!row) throw notFound()
        const wallets = await walletsOf(ctx.db, ctx.app.id, row.entropy_id)
        return {
          entropy_id: row.entropy_id,
          entropy_id_verifier: row.entropy_id_verifier,
          kind: row.kind,
          auth_share: k.open('auth_share', row.auth_share, placeOf(ctx, row)),
          recovery_method: row.recovery_method,
          version: row.version,
          wallets: wallets.map((w) => ({ address: w.address, chain_type: w.chain_type, wallet_index: w.wallet_index, imported: w.imported })),
        }
      },

      async keyMaterial(req, ctx) {
        const k = withKeys()
        const { userId } = await ctx.requireSession()
        const wallet = pathWallet(req.params.address, req.body.chain_type)
        await limit(ctx, 'key-material', userId, materialLimit)
        const row = await findWalletSecret(ctx.db, ctx.app.id, userId, wallet.identityKey)
        if (!row) throw notFound()
        const privy = row.recovery_method === 'privy'
        return {
          recovery_type: RECOVERY_TYPES[row.recovery_method],
          recovery_key_derivation_salt: row.recovery_salt,
          recovery_code: null,
          recovery_key: privy ? k.open('recovery_key', row.recovery_key ?? '', placeOf(ctx, row)) : null,
          file_id: row.recovery_method === 'google-drive' ? row.recovery_ref : null,
          icloud_record_name: row.recovery_method === 'icloud' ? row.recovery_ref : null,
          // A password verifier guards the share: it is released by `recoveryShare` only.
          encrypted_recovery_share: row.recovery_verifier === null ? row.encrypted_recovery_share : null,
          recovery_share_version: shareVersion(row),
          entropy_id: row.entropy_id,
          entropy_id_verifier: row.entropy_id_verifier,
          kind: row.kind,
          version: row.version,
        }
      },

      async recoveryShare(req, ctx) {
        const k = withKeys()
        const { userId } = await ctx.requireSession()
        const wallet = pathWallet(req.params.address, req.body.chain_type)
        const verifier = checkBytes(req.body.verifier, 'verifier', [VERIFIER_BYTES])
        await limit(ctx, 'key-material', userId, materialLimit)
        const check = await checkRecoveryPassword(ctx.db, {
          appId: ctx.app.id,
          userId,
          identityKey: wallet.identityKey,
          verifier,
          storedHash: (row) => k.open('recovery_verifier', row.recovery_verifier ?? '', placeOf(ctx, row)),
          now: () => ctx.now(),
        })
        if (!check) throw notFound()
        switch (check.result) {
          case 'released': {
            const row = check.secret
            return {
              encrypted_recovery_share: row.encrypted_recovery_share,
              entropy_id: row.entropy_id,
              entropy_id_verifier: row.entropy_id_verifier,
              kind: row.kind,
              version: row.version,
            }
          }
          case 'wrong':
            throw new HttpError(403, 'invalid_credentials', 'Invalid recovery password, please try again.', { attempts_remaining: check.attemptsRemaining })
          case 'locked': {
            const seconds = Math.ceil(check.retryAfterMs / 1000)
            throw new HttpError(
              429,
              'too_many_requests',
              'Too many wrong recovery passwords: recovery of this wallet is locked for now. Please wait to try again.',
              { retry_after: seconds },
              seconds,
            )
          }
          case 'unguarded':
            throw new HttpError(400, 'invalid_request', "This wallet's recovery share has no password check: it comes with the key material.")
        }
      },

      async setRecovery(req, ctx) {
        const k = withKeys()
        const { userId } = await ctx.requireSession()
        const b = req.body
        const entropy = entropyAddress(b.entropy_id)
        const secret = await findSecret(ctx.db, ctx.app.id, userId, entropy.address)
        if (!secret) throw notFound()
        checkBytes(b.auth_share, 'auth_share', [SHARE_BYTES[secret.kind]])
        const place = placeOf(ctx, secret)
        const recovery = storedRecovery(ctx.app, k, place, b.recovery, false)
        const signer = walletAddress(VERIFIER_CHAIN[secret.entropy_id_verifier]!, secret.entropy_id)
        const digest = sha256Hex(digestInput(b.auth_share, b.recovery))
        await checkProof(ctx, userId, signer, { action: 'set-recovery', address: b.entropy_id, entropyId: b.entropy_id, digest, version: b.version }, b.proof)
        await ctx.checkSensitiveOperation(EMBEDDED_WALLET_OPERATIONS.setRecovery)

        const r = b.recovery
        await ctx.db.transaction(async (tx) => {
          // The version the frame read: of two concurrent changes, one wins, the other is 409. A new
          // password (or method) starts the password guard's counts afresh.
          const changed = await tx.query(
            `UPDATE embedded_wallet_secrets SET auth_share = $5, recovery_method = $6, encrypted_recovery_share = $7,
               recovery_key = $8, recovery_salt = $9, recovery_verifier = $10, recovery_ref = $12, recovery_failures = 0, recovery_lockouts = 0,
               recovery_locked_until = NULL, version = version + 1, updated_at = $11
             WHERE app_id = $1 AND entropy_id = $2 AND user_id = $3 AND version = $4 RETURNING version`,
            [
              ctx.app.id,
              secret.entropy_id,
              userId,
              b.version,
              k.seal('auth_share', b.auth_share, place),
              r.method,
              r.encrypted_share,
              recovery.recoveryKey,
              recovery.salt,
              recovery.verifier,
              ctx.now(),
              recovery.ref,
            ],
          )
          if (!changed[0]) throw new HttpError(409, 'resource_conflict', "The wallet's shares changed meanwhile: read them again and retry.")
          await tx.query(
            `UPDATE linked_accounts SET details = details || jsonb_build_object('recovery_method', $4::text)
             WHERE app_id = $1 AND user_id = $2 AND type = 'wallet'
               AND identity_key IN (SELECT identity_key FROM embedded_wallets WHERE app_id = $1 AND entropy_id = $3)`,
            [ctx.app.id, userId, secret.entropy_id, r.method],
          )
        })
        const user = await ctx.users.get(ctx.app, userId)
        if (!user) throw errors.invalidToken()
        return ctx.users.toWire(user)
      },

      async revoke(_req, ctx) {
        // What the frame holds in memory is the frame's to forget: the server keeps no per-device state.
        withKeys()
        await ctx.requireSession()
        return { message: 'Success' }
      },
    },
  })
}
