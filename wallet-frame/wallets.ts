/**
 * The wallet frame's operations on secrets: create, connect, recover, add, set recovery, sign and
 * forget. A secret is rebuilt from two of its three shares (device + auth, or recovery + auth), checked
 * against its entropyId before any use, and then kept in memory only, keyed by user and entropyId.
 *
 * A password wallet's sealed recovery share (`v2`) is released by the server only for the password's
 * verifier, which the server counts and locks after a few wrong ones; a `v1` share (sealed before the
 * verifier existed) still comes with the key material, and is sealed again as `v2` once it opened.
 *
 * A device without a usable device share (a new browser, cleared storage, a corrupt share, shares
 * changed on another device) recovers with the recovery share and then keeps that recovery share as
 * its device share: it combines with the same auth share, so no other device's share is invalidated
 * (a re-split would break every other device's share). See docs/decisions.md.
 * @module
 */
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { base64urlnopad } from '@scure/base'
import { decodeJwt, tokenAppId } from '../kernel/jwt'
import { digestInput, walletProofMessage, type WalletProofFields } from '../plugins/embedded-wallets/proof'
import { sealDelegatedKey } from '../protocols/delegation'
import type { FrameChainType, FrameCloudAuthorization, FrameCloudProvider, FrameRecoveryChoice, FrameRpcRequest, FrameWallet } from '../protocols/wallet-frame'
import type { CloudRecovery } from './cloud'
import {
  checkSecret,
  combineShares,
  decryptShare,
  deriveWalletKey,
  encryptShare,
  evmAccount,
  fromBase64,
  keyFromSecret,
  legacyPasscodeKey,
  newEntropy,
  newRecoveryKey,
  newSalt,
  passcodeKeys,
  RecoveryKeyError,
  signSolanaMessage,
  splitSecret,
  toBase64,
  verifierFor,
  type EntropyIdVerifier,
  type SecretKind,
  type WalletKey,
} from './crypto'
import type { FrameApi, FrameCredentials } from './api'
import { FrameFailure } from './errors'
import { signRpc } from './rpc'

/** Where device shares are kept: the frame origin's `localStorage`. */
export type ShareStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** Options of {@link createWalletService}. */
export interface WalletServiceOptions {
  appId: string
  api: FrameApi
  storage: ShareStorage
  /** Cloud recovery (Google Drive, iCloud). @defaultValue none: those methods answer `not_supported` */
  cloud?: CloudRecovery
}

/** What a recovery needs from the user: the password, or the cloud storage's sign-in. */
interface RecoveryProof {
  password?: string
  authorization?: FrameCloudAuthorization
}

/** The message of a wrong recovery password (spec 02 §8). */
export const INVALID_RECOVERY_PASSWORD = 'Invalid recovery password, please try again.'

/** How long a wait is, for a message ('15 minutes', '2 hours'). */
function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60))
  if (minutes < 120) return minutes === 1 ? '1 minute' : `${minutes} minutes`
  return `${Math.ceil(minutes / 60)} hours`
}

/**
 * The password guard's refusals as the frame answers them: a wrong verifier is a wrong password
 * (`invalid_recovery_pin`, the text the screen shows); a lockout is `too_many_requests` with
 * `{retryAfterSeconds}` and a message saying how long. Other failures pass as they are.
 */
function passwordRefusal(error: unknown): unknown {
  if (!(error instanceof FrameFailure)) return error
  if (error.code === 'invalid_credentials') return new FrameFailure('invalid_recovery_pin', INVALID_RECOVERY_PASSWORD)
  const retryAfter = error.data?.retry_after
  if (error.code === 'too_many_requests' && typeof retryAfter === 'number') {
    return new FrameFailure(
      'too_many_requests',
      `Too many incorrect recovery passwords. Please try again in ${waitText(retryAfter)}.`,
      { retryAfterSeconds: retryAfter },
      error.status,
    )
  }
  return error
}

/** A secret rebuilt and checked on this device. */
interface HeldSecret {
  userId: string
  entropyId: string
  verifier: EntropyIdVerifier
  kind: SecretKind
  secret: Uint8Array
  recoveryMethod: FrameWallet['recoveryMethod']
  /** The shares' version the secret was read at (set-recovery names it). */
  version: number
  wallets: FrameWallet[]
}

/** What the server answers about a secret (shares or key material). */
interface SecretInfo {
  entropy_id: string
  entropy_id_verifier: EntropyIdVerifier
  kind: SecretKind
  version: number
}

type RecoveryInput =
  | { method: 'privy'; encrypted_share: string; recovery_key: string }
  | { method: 'user-passcode'; encrypted_share: string; salt: string; verifier: string }
  | { method: 'google-drive'; encrypted_share: string; file_id: string }
  | { method: 'icloud'; encrypted_share: string; icloud_record_name: string }

const CHAIN_OF: Readonly<Record<EntropyIdVerifier, FrameChainType>> = {
  'ethereum-address-verifier': 'ethereum',
  'solana-address-verifier': 'solana',
}

const changedWhileRecovering = () => new FrameFailure('resource_conflict', 'The wallet’s shares changed while recovering; try again.')

/** Ethereum addresses compare without case; Solana's base58 exactly. */
const sameAddress = (a: string, b: string): boolean => (a.startsWith('0x') ? a.toLowerCase() === b.toLowerCase() : a === b)

/** The storage key of a device share. */
export const deviceShareKey = (appId: string, userId: string, entropyId: string): string =>
  `portico:ew:v1:${appId}:${userId}:${entropyId.startsWith('0x') ? entropyId.toLowerCase() : entropyId}`

/**
 * The user an access token names. The frame does not verify the token (the server does on every
 * call); it reads `sub` to key storage and memory, and refuses a token of another app or one past
 * its `exp` (the host then refreshes it).
 */
function userOf(accessToken: string, appId: string): string {
  const claims = decodeJwt(accessToken)
  if (!claims || typeof claims.sub !== 'string' || claims.sub === '') {
    throw new FrameFailure('missing_or_invalid_token', 'The access token is not valid.')
  }
  const app = tokenAppId(claims)
  if (app !== undefined && app !== appId) throw new FrameFailure('missing_or_invalid_token', 'The access token is for another app.')
  if (typeof claims.exp === 'number' && Date.now() / 1000 >= claims.exp) {
    throw new FrameFailure('access_token_expired', 'The access token is expired.')
  }
  return claims.sub
}

/** Serialises work on one key (a secret, or a user's creation on a chain); other keys run freely. */
function lockTable() {
  const tails = new Map<string, Promise<unknown>>()
  return <T>(key: string, fn: () => Promise<T>): Promise<T> => {
    const run = (tails.get(key) ?? Promise.resolve()).then(fn, fn)
    const tail = run.catch(() => {})
    tails.set(key, tail)
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key)
    })
    return run
  }
}

/** Signs a proof with a wallet's own key: EVM `personal_sign`, Solana ed25519 (base64). */
async function signProof(key: WalletKey, fields: WalletProofFields): Promise<string> {
  const message = walletProofMessage(fields)
  if (key.chainType === 'ethereum') return evmAccount(key).signMessage({ message })
  return toBase64(signSolanaMessage(key, new TextEncoder().encode(message)))
}

/**
 * Seals a recovery share under the chosen method: a password's share with its verifier; a cloud
 * method's random key written to the user's storage first (`saveCloudKey`), so no share is stored
 * whose key the user does not have.
 */
async function sealRecovery(
  share: Uint8Array,
  choice: FrameRecoveryChoice,
  entropyId: string,
  saveCloudKey: (choice: Extract<FrameRecoveryChoice, { authorization: unknown }>, key: string) => Promise<string>,
): Promise<RecoveryInput> {
  if (choice.method === 'privy') {
    const key = newRecoveryKey()
    return { method: 'privy', encrypted_share: await encryptShare(share, key, entropyId), recovery_key: toBase64(key) }
  }
  if ('authorization' in choice) {
    const key = newRecoveryKey()
    const ref = await saveCloudKey(choice, toBase64(key))
    const encrypted_share = await encryptShare(share, key, entropyId)
    return choice.method === 'google-drive' ? { method: 'google-drive', encrypted_share, file_id: ref } : { method: 'icloud', encrypted_share, icloud_record_name: ref }
  }
  const salt = newSalt()
  const { key, verifier } = await passcodeKeys(choice.password, salt)
  return { method: 'user-passcode', encrypted_share: await encryptShare(share, key, entropyId), salt: toBase64(salt), verifier: toBase64(verifier) }
}

const digestOf = (authShare: string, recovery: RecoveryInput) => bytesToHex(sha256(new TextEncoder().encode(digestInput(authShare, recovery))))

/** The wallet frame's operations, over one API client and one storage. */
export type WalletService = ReturnType<typeof createWalletService>

/**
 * Creates the frame's operations.
 * @param options - the app, the API client and the device-share storage.
 * @returns the operations; the frame page serves them through `walletHandlers`.
 */
export function createWalletService(options: WalletServiceOptions) {
  const { appId, api, storage, cloud } = options
  const cloudOf = (): CloudRecovery => {
    if (!cloud) throw new FrameFailure('not_supported', 'Cloud recovery is not available in this frame.')
    return cloud
  }
  const saveCloudKeyFor = (cred: FrameCredentials, entropyId: string) => (choice: { method: FrameCloudProvider; authorization: FrameCloudAuthorization }, key: string) =>
    cloudOf().saveKey(cred, choice.method, choice.authorization, key, entropyId)
  const held = new Map<string, HeldSecret>()
  const withLock = lockTable()
  const heldKey = (userId: string, entropyId: string) => deviceShareKey(appId, userId, entropyId)

  const walletsOf = (info: { wallets: { address: string; chain_type: FrameChainType; wallet_index: number; imported: boolean }[] }, entropyId: string, recoveryMethod: FrameWallet['recoveryMethod']): FrameWallet[] =>
    info.wallets.map((w) => ({ address: w.address, chainType: w.chain_type, walletIndex: w.wallet_index, imported: w.imported, entropyId, recoveryMethod }))

  /** Checks a rebuilt secret (fail closed) and keeps it in memory. */
  function hold(userId: string, info: SecretInfo, secret: Uint8Array, recoveryMethod: FrameWallet['recoveryMethod'], wallets: FrameWallet[]): HeldSecret {
    checkSecret(secret, info.kind, info.entropy_id, info.entropy_id_verifier)
    const entry: HeldSecret = { userId, entropyId: info.entropy_id, verifier: info.entropy_id_verifier, kind: info.kind, secret, recoveryMethod, version: info.version, wallets }
    held.set(heldKey(userId, info.entropy_id), entry)
    return entry
  }

  /**
   * Stores a new secret: splits it, keeps the device share, seals the recovery share, proves the
   * wallet's key and records it. The device share is written first so that a wallet the server
   * recorded always has one; a refused creation removes it.
   */
  async function storeNewSecret(cred: FrameCredentials, userId: string, secret: Uint8Array, kind: SecretKind, key: WalletKey, recovery: FrameRecoveryChoice): Promise<FrameWallet> {
    const entropyId = key.address
    const [device, auth, recoveryShare] = await splitSecret(secret)
    const sealed = await sealRecovery(recoveryShare, recovery, entropyId, saveCloudKeyFor(cred, entropyId))
    const authShare = toBase64(auth)
    const proof = await signProof(key, { action: 'create', appId, userId, address: key.address, entropyId, digest: digestOf(authShare, sealed), version: 0 })
    const storeKey = deviceShareKey(appId, userId, entropyId)
    storage.setItem(storeKey, toBase64(device))
    try {
      await api('create', cred, {
        chain_type: key.chainType,
        address: key.address,
        entropy_id: entropyId,
        entropy_id_verifier: verifierFor(key.chainType),
        imported: kind === 'imported',
        auth_share: authShare,
        recovery: sealed,
        proof,
      })
    } catch (error) {
      // Refused (4xx): nothing was stored. A network failure or a 5xx (a proxy in front of a
      // restarting server) leaves the outcome unknown: keep the share.
      if (error instanceof FrameFailure && error.status !== undefined && error.status < 500) storage.removeItem(storeKey)
      throw error
    }
    const wallet: FrameWallet = { address: key.address, chainType: key.chainType, walletIndex: 0, imported: kind === 'imported', entropyId, recoveryMethod: recovery.method }
    hold(userId, { entropy_id: entropyId, entropy_id_verifier: verifierFor(key.chainType), kind, version: 1 }, secret, recovery.method, [wallet])
    return wallet
  }

  /**
   * The sealed recovery share and its key: automatic recovery's key comes with it; a `v2` password
   * share is released for the password's verifier; a `v1` one comes with the salt (`legacy`).
   */
  async function openableShare(cred: FrameCredentials, shares: SecretInfo & { recovery_method: string }, { password, authorization }: RecoveryProof) {
    const material = await api('keyMaterial', cred, {}, { address: shares.entropy_id })
    if (material.version !== shares.version) throw changedWhileRecovering()
    if (material.recovery_type === 'privy_generated_recovery_key' && material.recovery_key && material.encrypted_recovery_share) {
      return { sealed: material.encrypted_recovery_share, key: fromBase64(material.recovery_key), legacy: false }
    }
    const cloudRef =
      material.recovery_type === 'google_drive_recovery_secret' ? material.file_id : material.recovery_type === 'icloud_recovery_secret' ? material.icloud_record_name : null
    if (cloudRef && material.encrypted_recovery_share) {
      if (!authorization) throw new FrameFailure('recovery_needed', 'This wallet needs a sign-in to its cloud storage.', { recoveryMethod: shares.recovery_method })
      const provider = material.recovery_type === 'google_drive_recovery_secret' ? 'google-drive' : 'icloud'
      const key = await cloudOf().readKey(cred, provider, authorization, cloudRef)
      return { sealed: material.encrypted_recovery_share, key: fromBase64(key), legacy: false }
    }
    if (material.recovery_type !== 'user_passcode_derived_recovery_key' || !material.recovery_key_derivation_salt) {
      throw new FrameFailure('not_supported', `Recovery with ${shares.recovery_method} is not supported.`)
    }
    if (password === undefined) throw new FrameFailure('recovery_needed', 'This wallet needs its recovery password.', { recoveryMethod: shares.recovery_method })
    const salt = fromBase64(material.recovery_key_derivation_salt)
    if (material.recovery_share_version === 'v1' && material.encrypted_recovery_share) {
      return { sealed: material.encrypted_recovery_share, key: await legacyPasscodeKey(password, salt), legacy: true }
    }
    const { key, verifier } = await passcodeKeys(password, salt)
    const released = await api('recoveryShare', cred, { verifier: toBase64(verifier) }, { address: shares.entropy_id }).catch((error: unknown) => {
      throw passwordRefusal(error)
    })
    if (released.version !== shares.version) throw changedWhileRecovering()
    return { sealed: released.encrypted_recovery_share, key, legacy: false }
  }

  /** Rebuilds a secret with the recovery share, and keeps that share as this device's share. */
  async function recoverSecret(cred: FrameCredentials, userId: string, entropyId: string, proof: RecoveryProof): Promise<HeldSecret> {
    const { password } = proof
    const shares = await api('shares', cred, { entropy_id: entropyId })
    const { sealed, key, legacy } = await openableShare(cred, shares, proof)
    let recoveryShare: Uint8Array
    try {
      recoveryShare = await decryptShare(sealed, key, shares.entropy_id)
    } catch (error) {
      if (!(error instanceof RecoveryKeyError)) throw error
      if (shares.recovery_method === 'user-passcode') throw new FrameFailure('invalid_recovery_pin', INVALID_RECOVERY_PASSWORD)
      throw new FrameFailure('share_mismatch', 'The recovery share does not open with its key.')
    }
    const auth = fromBase64(shares.auth_share)
    const secret = await combineShares(recoveryShare, auth)
    const entry = hold(userId, shares, secret, shares.recovery_method, walletsOf(shares, shares.entropy_id, shares.recovery_method))
    storage.setItem(deviceShareKey(appId, userId, shares.entropy_id), toBase64(recoveryShare))
    if (legacy && password !== undefined) {
      // The same shares, the recovery share sealed again as v2 with a verifier: from now on the server
      // checks the password. Best effort: the wallet is recovered either way, and the next recovery
      // tries again (a change made meanwhile elsewhere, 409, already replaced the v1 share).
      await putRecovery(cred, userId, entry, auth, recoveryShare, { method: 'user-passcode', password }).catch((error: unknown) => {
        if (!(error instanceof FrameFailure)) throw error
      })
    }
    return entry
  }

  /**
   * Stores a held secret's auth share and its recovery share sealed under a recovery choice, proven by
   * the secret's first wallet, naming the version the frame holds; the entry then has the next version.
   * @throws FrameFailure `resource_conflict` when the shares changed meanwhile.
   */
  async function putRecovery(cred: FrameCredentials, userId: string, entry: HeldSecret, auth: Uint8Array, recoveryShare: Uint8Array, choice: FrameRecoveryChoice): Promise<void> {
    const sealed = await sealRecovery(recoveryShare, choice, entry.entropyId, saveCloudKeyFor(cred, entry.entropyId))
    const authShare = toBase64(auth)
    const key = keyFromSecret(entry.secret, entry.kind, CHAIN_OF[entry.verifier], 0)
    const proof = await signProof(key, {
      action: 'set-recovery', appId, userId, address: entry.entropyId, entropyId: entry.entropyId, digest: digestOf(authShare, sealed), version: entry.version,
    })
    await api('setRecovery', cred, { entropy_id: entry.entropyId, version: entry.version, auth_share: authShare, recovery: sealed, proof })
    entry.version += 1
    entry.recoveryMethod = choice.method
    for (const w of entry.wallets) w.recoveryMethod = choice.method
  }

  /** Makes a secret usable: from memory, else device + auth share, else automatic recovery. */
  async function connectSecret(cred: FrameCredentials, userId: string, entropyId: string, purpose: 'use' | 'export' = 'use'): Promise<HeldSecret> {
    const shares = await api('shares', cred, { entropy_id: entropyId, purpose })
    const wallets = walletsOf(shares, shares.entropy_id, shares.recovery_method)
    const current = held.get(heldKey(userId, shares.entropy_id))
    if (current && current.version === shares.version) {
      current.wallets = wallets
      return current
    }
    const stored = storage.getItem(deviceShareKey(appId, userId, shares.entropy_id))
    if (stored) {
      try {
        return hold(userId, shares, await combineShares(fromBase64(stored), fromBase64(shares.auth_share)), shares.recovery_method, wallets)
      } catch (error) {
        // A corrupt or outdated device share (shares changed on another device): recover below.
        if (!(error instanceof Error && ['share_mismatch', 'invalid_data'].includes((error as { code?: string }).code ?? ''))) throw error
      }
    }
    if (shares.recovery_method === 'privy') return recoverSecret(cred, userId, shares.entropy_id, {})
    throw new FrameFailure('recovery_needed', 'This device needs the wallet’s recovery to use it.', { recoveryMethod: shares.recovery_method })
  }

  /** A held secret, connecting it first when this frame does not hold it yet. */
  const connected = (cred: FrameCredentials, userId: string, entropyId: string) =>
    held.get(heldKey(userId, entropyId)) ?? withLock(heldKey(userId, entropyId), () => connectSecret(cred, userId, entropyId))

  return {
    /** Creates a secret and its first wallet; a chain the user already has connects the existing secret. */
    async create(params: { accessToken: string; chainType: FrameChainType; recovery: FrameRecoveryChoice }): Promise<FrameWallet> {
      const userId = userOf(params.accessToken, appId)
      return withLock(`create:${userId}:${params.chainType}`, async () => {
        const entropy = newEntropy()
        try {
          return await storeNewSecret(params, userId, entropy, 'hd', deriveWalletKey(entropy, params.chainType, 0), params.recovery)
        } catch (error) {
          const existing = error instanceof FrameFailure && error.code === 'resource_already_exists' ? error.data?.entropy_id : undefined
          if (typeof existing !== 'string') throw error
          // Another tab, or a retried request, created it first: use that one.
          const entry = await withLock(heldKey(userId, existing), () => connectSecret(params, userId, existing))
          const wallet = entry.wallets.find((w) => w.chainType === params.chainType && w.walletIndex === 0 && !w.imported)
          if (!wallet) throw error
          return wallet
        }
      })
    },

    /** Stores an imported key as a secret of its own, with automatic recovery. */
    async importKey(cred: FrameCredentials, key: WalletKey): Promise<FrameWallet> {
      const userId = userOf(cred.accessToken, appId)
      return storeNewSecret(cred, userId, key.privateKey, 'imported', key, { method: 'privy' })
    },

    async connect(params: { accessToken: string; entropyId: string }): Promise<{ wallets: FrameWallet[] }> {
      const userId = userOf(params.accessToken, appId)
      const entry = await withLock(heldKey(userId, params.entropyId), () => connectSecret(params, userId, params.entropyId))
      return { wallets: entry.wallets }
    },

    async recover(params: { accessToken: string; entropyId: string; password?: string; authorization?: FrameCloudAuthorization }): Promise<{ wallets: FrameWallet[] }> {
      const userId = userOf(params.accessToken, appId)
      const entry = await withLock(heldKey(userId, params.entropyId), () => recoverSecret(params, userId, params.entropyId, params))
      return { wallets: entry.wallets }
    },

    /** Starts a sign-in to a cloud storage for backing up or recovering (see `FrameOperations.cloudSignIn`). */
    async cloudSignIn(params: { accessToken: string; mfaToken?: string; provider: FrameCloudProvider; redirectTo: string }): Promise<{ url: string; stateCode: string }> {
      userOf(params.accessToken, appId)
      return cloudOf().signIn(params, params.provider, params.redirectTo)
    },

    /** Adds the HD wallet at an index (or on the other chain) of a connected secret. */
    async add(params: { accessToken: string; entropyId: string; chainType: FrameChainType; walletIndex: number }): Promise<FrameWallet> {
      const userId = userOf(params.accessToken, appId)
      const entry = await connected(params, userId, params.entropyId)
      if (entry.kind !== 'hd') throw new FrameFailure('invalid_request', 'An imported key has no other wallets.')
      const key = deriveWalletKey(entry.secret, params.chainType, params.walletIndex)
      const known = entry.wallets.find((w) => sameAddress(w.address, key.address))
      if (known) return known
      const proof = await signProof(key, { action: 'add', appId, userId, address: key.address, entropyId: entry.entropyId, digest: '', version: 0 })
      await api('add', params, { entropy_id: entry.entropyId, chain_type: params.chainType, wallet_index: params.walletIndex, address: key.address, proof })
      const wallet: FrameWallet = { address: key.address, chainType: params.chainType, walletIndex: params.walletIndex, imported: false, entropyId: entry.entropyId, recoveryMethod: entry.recoveryMethod }
      entry.wallets.push(wallet)
      return wallet
    },

    /** Splits a connected secret again under a new recovery; this device keeps the new device share. */
    async setRecovery(params: { accessToken: string; entropyId: string; recovery: FrameRecoveryChoice }): Promise<{ recoveryMethod: FrameWallet['recoveryMethod'] }> {
      const userId = userOf(params.accessToken, appId)
      const first = await connected(params, userId, params.entropyId)
      return withLock(heldKey(userId, first.entropyId), async () => {
        const entry = held.get(heldKey(userId, first.entropyId)) ?? first
        const [device, auth, recoveryShare] = await splitSecret(entry.secret)
        try {
          await putRecovery(params, userId, entry, auth, recoveryShare, params.recovery)
        } catch (error) {
          // Changed elsewhere meanwhile: what this frame holds is outdated.
          if (error instanceof FrameFailure && error.code === 'resource_conflict') held.delete(heldKey(userId, entry.entropyId))
          throw error
        }
        storage.setItem(deviceShareKey(appId, userId, entry.entropyId), toBase64(device))
        return { recoveryMethod: entry.recoveryMethod }
      })
    },

    /** Signs with a wallet of a connected secret. */
    async rpc(params: { accessToken: string; entropyId: string; address: string; chainType: FrameChainType; request: FrameRpcRequest }): Promise<{ result: string }> {
      const userId = userOf(params.accessToken, appId)
      const entry = await connected(params, userId, params.entropyId)
      const wallet = entry.wallets.find((w) => w.chainType === params.chainType && sameAddress(w.address, params.address))
      if (!wallet) throw new FrameFailure('wallet_not_found', 'The address is not a wallet of this secret.')
      const key = keyFromSecret(entry.secret, entry.kind, wallet.chainType, wallet.walletIndex)
      return { result: await signRpc(key, params.request) }
    },

    /**
     * Delegates actions with one wallet: seals that wallet's key (not the secret: other wallets stay
     * the user's alone) to the delegation public key the frame reads from its own origin (a host page
     * cannot pass its own key), bound to the app, user and wallet, and sends it to the consent route.
     */
    async delegate(params: { accessToken: string; mfaToken?: string; entropyId: string; address: string; chainType: FrameChainType }): Promise<{ delegated: true }> {
      const userId = userOf(params.accessToken, appId)
      const entry = await connected(params, userId, params.entropyId)
      const wallet = entry.wallets.find((w) => w.chainType === params.chainType && sameAddress(w.address, params.address))
      if (!wallet) throw new FrameFailure('wallet_not_found', 'The address is not a wallet of this secret.')
      const key = keyFromSecret(entry.secret, entry.kind, wallet.chainType, wallet.walletIndex)
      const { public_key } = await api('delegationKey', params, {})
      let recipient: Uint8Array
      try {
        recipient = base64urlnopad.decode(public_key)
      } catch {
        throw new FrameFailure('invalid_data', 'The server’s delegation key is malformed.')
      }
      const sealed = await sealDelegatedKey(key.privateKey, recipient, { appId, userId, chainType: wallet.chainType, address: wallet.address })
      await api('delegate', params, { address: wallet.address, chain_type: wallet.chainType, sealed_key: sealed })
      return { delegated: true }
    },

    /**
     * The key of one wallet, rebuilt for the export frame (which shows it to the user and nothing
     * else), with the secret's recovery phrase source when it is an HD secret.
     */
    async exportKey(params: { accessToken: string; entropyId: string; address: string; chainType: FrameChainType }): Promise<{ key: WalletKey; entropy: Uint8Array | null }> {
      const userId = userOf(params.accessToken, appId)
      // The server releases the auth share for an export only after a recent login.
      const entry = await withLock(heldKey(userId, params.entropyId), () => connectSecret(params, userId, params.entropyId, 'export'))
      const wallet = entry.wallets.find((w) => w.chainType === params.chainType && sameAddress(w.address, params.address))
      if (!wallet) throw new FrameFailure('wallet_not_found', 'The address is not a wallet of this secret.')
      return { key: keyFromSecret(entry.secret, entry.kind, wallet.chainType, wallet.walletIndex), entropy: entry.kind === 'hd' ? entry.secret : null }
    },

    /** Forgets every secret held in memory. Device shares stay. */
    async clear(): Promise<{ cleared: true }> {
      // Dropped, not zeroed: an operation still running keeps a consistent copy.
      held.clear()
      cloud?.clear()
      return { cleared: true }
    },
  }
}
