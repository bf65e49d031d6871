/**
 * Schemas of the embedded-wallet routes, paired with the routes of `./api`. The wallet frame and
 * the server speak them; the host page never calls them (it never holds a share).
 * @module
 */
import * as v from 'valibot'
import { defineSchemas } from '../../kernel/route'
import { defineLinkedAccount, User } from '../../kernel/schemas'
import { embeddedWalletRoutes } from './api'

/** The chains an embedded wallet lives on. */
export const ChainType = v.picklist(['ethereum', 'solana'], 'chain_type must be ethereum or solana.')

/** How the secret's address is checked after a reconstruction (the chain whose address `entropy_id` is). */
export const EntropyIdVerifier = v.picklist(
  ['ethereum-address-verifier', 'solana-address-verifier'],
  'entropy_id_verifier must be ethereum-address-verifier or solana-address-verifier.',
)

/** The recovery methods of spec 02. */
export const RecoveryMethod = v.picklist(['privy', 'user-passcode', 'google-drive', 'icloud'])

/** An EVM address (0x and 40 hex digits) or a Solana address (base58 of 32 bytes). */
export const WalletAddress = v.pipe(
  v.string(),
  v.regex(/^(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$/, 'address must be an EVM or Solana address.'),
)

/** Standard base64 of at most `max` characters. */
const base64 = (field: string, max: number) =>
  v.pipe(v.string(), v.minLength(4, `${field} is too short.`), v.maxLength(max, `${field} is too long.`), v.base64(`${field} must be base64.`))

/** A share: 16 (HD entropy) or 32 (imported key) secret bytes plus the share's x coordinate. */
export const Share = base64('share', 64)

/** The versions of the sealed-share format (the frame's `SEALED_SHARE_VERSIONS`). */
export const SealedShareVersion = v.picklist(['v1', 'v2'])

/** An encrypted recovery share: `v1.` or `v2.`, then `<iv>.<ciphertext+tag>`, base64url parts. */
export const SealedShare = v.pipe(
  v.string(),
  v.maxLength(256, 'encrypted_share is too long.'),
  v.regex(/^v[12]\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{40,200}$/, 'encrypted_share must be v2.<iv>.<ciphertext>.'),
)

/** Where a cloud storage keeps a recovery key: Drive file ids and CloudKit record names are short URL-safe text. */
const CloudRef = (name: string) => v.pipe(v.string(), v.regex(/^[A-Za-z0-9_.:-]{1,255}$/, `${name} must be 1 to 255 characters of [A-Za-z0-9_.:-].`))

/** A password verifier: base64 of 32 bytes the frame derives from the password (never the key). */
export const PasswordVerifier = base64('verifier', 44)

/**
 * How the recovery share is protected:
 * - `privy` (automatic): a random key the frame made, which the server keeps sealed under its
 *   recovery secret and hands back to the user's frame on a new device;
 * - `user-passcode`: a key derived from the user's password (Argon2id, then HKDF) with this
 *   per-wallet salt, and the password's `verifier` (another HKDF output), whose hash the server keeps
 *   to check before it releases the share; the share must be `v2`. The password and the key never
 *   leave the frame;
 * - `google-drive` / `icloud`: a random key the frame wrote into the user's own Drive app-data folder
 *   (`file_id`) or private CloudKit database (`icloud_record_name`); the server keeps only where it is.
 */
export const RecoveryInput = v.variant('method', [
  v.strictObject({ method: v.literal('privy'), encrypted_share: SealedShare, recovery_key: base64('recovery_key', 44) }),
  v.strictObject({ method: v.literal('user-passcode'), encrypted_share: SealedShare, salt: base64('salt', 44), verifier: PasswordVerifier }),
  v.strictObject({ method: v.literal('google-drive'), encrypted_share: SealedShare, file_id: CloudRef('file_id') }),
  v.strictObject({ method: v.literal('icloud'), encrypted_share: SealedShare, icloud_record_name: CloudRef('icloud_record_name') }),
])

/**
 * A signature by the wallet's own key over {@link walletProofMessage} (`./proof`): EVM `personal_sign`
 * (0x and 130 hex digits), Solana ed25519 (base64 of 64 bytes). The server records only addresses
 * whose key the frame holds, and changes a secret's shares only when its first wallet's key agrees.
 */
export const Proof = v.pipe(
  v.string(),
  v.regex(/^(0x[0-9a-fA-F]{130}|[A-Za-z0-9+/]{86}==)$/, 'proof must be a 65-byte hex or 64-byte base64 signature.'),
)

const WalletIndex = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(99, 'wallet_index is at most 99.'))

/**
 * `POST /api/v1/embedded_wallets` (signed in): stores a new secret with its first wallet. `imported`
 * is true for a key the user brought (its wallet index is 0). Answers 409 `resource_already_exists`
 * (with `data.address`) when the user already has an HD wallet on that chain, or the address is taken.
 */
export const CreateRequest = v.strictObject({
  chain_type: ChainType,
  address: WalletAddress,
  entropy_id: WalletAddress,
  entropy_id_verifier: EntropyIdVerifier,
  imported: v.boolean(),
  auth_share: Share,
  recovery: RecoveryInput,
  proof: Proof,
})

/** `POST /api/v1/embedded_wallets/add` (signed in): one more HD wallet from a stored secret. */
export const AddRequest = v.strictObject({
  entropy_id: WalletAddress,
  chain_type: ChainType,
  wallet_index: WalletIndex,
  address: WalletAddress,
  proof: Proof,
})

/**
 * `POST /api/v1/embedded_wallets/shares` (signed in): the auth share of one of the user's secrets.
 * `purpose: 'export'` asks for a recent login (403 `reauthentication_required`) and records the export.
 */
export const SharesRequest = v.strictObject({
  entropy_id: WalletAddress,
  purpose: v.optional(v.picklist(['use', 'export'])),
})

/** One embedded wallet as the frame sees it. */
export const FrameWallet = v.object({
  address: v.string(),
  chain_type: ChainType,
  wallet_index: v.number(),
  imported: v.boolean(),
})

/** What the frame needs to rebuild a secret with its device share. */
export const SharesResponse = v.object({
  entropy_id: v.string(),
  entropy_id_verifier: EntropyIdVerifier,
  kind: v.picklist(['hd', 'imported']),
  auth_share: v.string(),
  recovery_method: RecoveryMethod,
  /** Counts changes of the shares; a change names the version it replaces. */
  version: v.number(),
  wallets: v.array(FrameWallet),
})

/** `POST /api/v1/embedded_wallets/:address/recovery/key_material` (signed in). */
export const KeyMaterialRequest = v.strictObject({ chain_type: v.optional(ChainType) })

/**
 * The contract's key material, plus the encrypted recovery share it opens and that share's format
 * version. Fields another recovery type uses are null. A `v2` password share is not here
 * (`encrypted_recovery_share: null`): the frame derives the verifier from the password with the salt
 * and asks `/recovery/share` for it. Automatic recovery and `v1` password shares (made before the
 * verifier existed) come with their share.
 */
export const KeyMaterialResponse = v.object({
  recovery_type: v.picklist([
    'user_passcode_derived_recovery_key',
    'privy_passcode_derived_recovery_key',
    'privy_generated_recovery_key',
    'google_drive_recovery_secret',
    'icloud_recovery_secret',
  ]),
  recovery_key_derivation_salt: v.nullable(v.string()),
  recovery_code: v.nullable(v.string()),
  recovery_key: v.nullable(v.string()),
  file_id: v.nullable(v.string()),
  icloud_record_name: v.nullable(v.string()),
  encrypted_recovery_share: v.nullable(v.string()),
  /** How the frame turns the password into the key (and, for `v2`, the verifier). */
  recovery_share_version: SealedShareVersion,
  entropy_id: v.string(),
  entropy_id_verifier: EntropyIdVerifier,
  kind: v.picklist(['hd', 'imported']),
  version: v.number(),
})

/**
 * `POST /api/v1/embedded_wallets/:address/recovery/share` (signed in): the encrypted recovery share of
 * a password wallet (`v2`), for the password's verifier. Wrong: 403 `invalid_credentials` with
 * `data.attempts_remaining`. Too many wrong ones: 429 `too_many_requests` with `data.retry_after`
 * (seconds; also the `Retry-After` header) until the lockout ends. A wallet without a verifier
 * (automatic recovery, a `v1` share) is 400 `invalid_request`: its share comes with the key material.
 */
export const RecoveryShareRequest = v.strictObject({ chain_type: v.optional(ChainType), verifier: PasswordVerifier })

/** The released share, with what the frame checks it against. */
export const RecoveryShareResponse = v.object({
  encrypted_recovery_share: v.string(),
  entropy_id: v.string(),
  entropy_id_verifier: EntropyIdVerifier,
  kind: v.picklist(['hd', 'imported']),
  version: v.number(),
})

/**
 * `POST /api/v1/embedded_wallets/recovery` (signed in): replaces a secret's auth and recovery shares
 * (the frame split the secret again: a new password, or another method). `version` is the version the
 * frame read; a concurrent change answers 409 `resource_conflict`.
 */
export const SetRecoveryRequest = v.strictObject({
  entropy_id: WalletAddress,
  version: v.pipe(v.number(), v.integer(), v.minValue(1)),
  auth_share: Share,
  recovery: RecoveryInput,
  proof: Proof,
})

/** `POST /api/v1/wallets/revoke` (signed in): the frame forgets what it holds in memory. */
export const RevokeRequest = v.strictObject({})
/** The answer of `POST /api/v1/wallets/revoke`. */
export const RevokeResponse = v.object({ message: v.string() })

/**
 * An embedded wallet in the user's `linked_accounts` (contract §LinkedAccount, `wallet` embedded).
 */
export const EmbeddedWalletAccount = defineLinkedAccount('wallet', {
  id: v.nullable(v.string()),
  address: v.string(),
  chain_id: v.string(),
  chain_type: ChainType,
  wallet_client: v.literal('privy'),
  wallet_client_type: v.literal('privy'),
  connector_type: v.literal('embedded'),
  wallet_index: v.number(),
  delegated: v.boolean(),
  imported: v.boolean(),
  recovery_method: RecoveryMethod,
  public_key: v.optional(v.string()),
})

/** A created or added wallet and the user it now belongs to. */
export const WalletResponse = v.object({ wallet: EmbeddedWalletAccount, user: User })

/** Schemas of {@link embeddedWalletRoutes}. */
export const embeddedWalletSchemas = defineSchemas(embeddedWalletRoutes, {
  create: { request: CreateRequest, response: WalletResponse },
  add: { request: AddRequest, response: WalletResponse },
  shares: { request: SharesRequest, response: SharesResponse },
  keyMaterial: { request: KeyMaterialRequest, response: KeyMaterialResponse },
  recoveryShare: { request: RecoveryShareRequest, response: RecoveryShareResponse },
  setRecovery: { request: SetRecoveryRequest, response: User },
  revoke: { request: RevokeRequest, response: RevokeResponse },
})
