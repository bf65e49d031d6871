/**
 * `portico/protocols/wallet-frame`: the one request/response protocol between the host page and the
 * embedded-wallet frame (`/apps/{appId}/embedded-wallets`, on the API's origin). The host sends
 * requests; the frame answers each by its id. Nothing that crosses to the host page carries key
 * material: results are addresses, signatures and signed transactions only.
 *
 * Envelope (every message carries `channel`, and each side checks the other's origin and window):
 * - frame → host, once loaded: `{channel, type: 'ready'}`;
 * - host → frame: `{channel, type: 'request', id, op, params}`;
 * - frame → host: `{channel, type: 'response', id, ok: true, result}` or
 *   `{channel, type: 'response', id, ok: false, error: {code, message, data?}}`.
 * Later capabilities (MFA, delegation, cross-app) add operations to {@link FrameOperations}.
 * The host's side is `./client` (`openWalletFrame`); the frame's is `wallet-frame/` at the repository root.
 * @module
 */

import type { KeyFrameLocale } from './texts'

export { KEY_FRAME_TEXTS, MAX_KEY_FRAME_TEXT_LENGTH, type KeyFrameLocale, type KeyFrameTextKey, type KeyFrameTexts } from './texts'

/** Marks every message of the protocol. */
export const FRAME_CHANNEL = 'portico:wallet-frame'

/** Chains of an embedded wallet. */
export type FrameChainType = 'ethereum' | 'solana'

/**
 * A cloud storage's sign-in as the popup returned it: the one-time code (`privy_oauth_code`) and the
 * state (`privy_oauth_state`). Worthless without the PKCE verifier only the frame holds.
 */
export interface FrameCloudAuthorization {
  code: string
  state: string
}

/** The cloud storages a recovery key may live in. */
export type FrameCloudProvider = 'google-drive' | 'icloud'

/**
 * A recovery method as the host chooses it. The password goes to the frame and stays there; a cloud
 * method names the sign-in (see `cloudSignIn`) with which the frame writes the key to the user's storage.
 */
export type FrameRecoveryChoice =
  | { method: 'privy' }
  | { method: 'user-passcode'; password: string }
  | { method: FrameCloudProvider; authorization: FrameCloudAuthorization }

/** An embedded wallet as the host learns it (never a key). */
export interface FrameWallet {
  address: string
  chainType: FrameChainType
  walletIndex: number
  imported: boolean
  /** The secret it derives from (its first wallet's address). */
  entropyId: string
  recoveryMethod: 'privy' | 'user-passcode' | 'google-drive' | 'icloud'
}

/** Every request carries the user's current access token; the frame uses it for its own API calls. */
export interface Authed {
  accessToken: string
  /**
   * A fresh MFA token (`{token}` of an MFA verify route), when the server asked for one
   * (`missing_or_invalid_mfa`): the frame sends it in the `privy-mfa-token` header of the request
   * the server guards.
   */
  mfaToken?: string
}

/**
 * How a smart account's owner signs its user operations, which decides what `csw_signUserOperation`
 * signs: `userOperationHash`, a signed message (EIP-191) over the operation's ERC-4337 hash (thirdweb's
 * account, among others); `safeOperation`, the EIP-712 `SafeOp` of Safe's 4337 module (its domain:
 * the chain id and `safe4337ModuleAddress`), with no validity window (`validAfter` and `validUntil` 0).
 */
export type FrameUserOperationScheme = { kind: 'userOperationHash' } | { kind: 'safeOperation'; safe4337ModuleAddress: string }

/**
 * The request of `csw_signUserOperation` (its params: `[ownerAddress, request]`): the user operation
 * itself, never a hash, so that the frame derives what it signs from the operation it is shown. The
 * operation is in its JSON-RPC form (hex quantities) of the EntryPoint's version: v0.6 with `initCode`
 * and `paymasterAndData`, v0.7 with `factory`/`factoryData` and `paymaster`/`paymaster…GasLimit`/`paymasterData`.
 * The answer is the owner's signature, which the account's own encoding wraps.
 */
export interface FrameUserOperationRequest {
  userOperation: Record<string, unknown>
  entryPoint: { address: string; version: '0.6' | '0.7' }
  chainId: number
  scheme: FrameUserOperationScheme
}

/** An EIP-1193 or Solana signing request for one wallet. */
export interface FrameRpcRequest {
  method:
    | 'personal_sign'
    | 'eth_sign'
    | 'eth_signTypedData_v4'
    | 'eth_signTransaction'
    | 'secp256k1_sign'
    | 'csw_signUserOperation'
    | 'solana_signMessage'
    | 'solana_signTransaction'
  params: unknown[]
}

/** The operations, with their params and results. */
export interface FrameOperations {
  /** Creates a secret and its first wallet on `chainType` (wallet index 0). */
  create: { params: Authed & { chainType: FrameChainType; recovery: FrameRecoveryChoice }; result: FrameWallet }
  /**
   * Makes a stored secret usable on this device: device share + auth share. Fails with
   * `recovery_needed` (data `{recoveryMethod}`) when this device has no usable device share and the
   * method needs the user (a password); `privy` recovery runs by itself.
   */
  connect: { params: Authed & { entropyId: string }; result: { wallets: FrameWallet[] } }
  /**
   * Recovers a secret with its recovery share (a password for `user-passcode`, a cloud sign-in for
   * `google-drive` and `icloud`) and repairs the device share.
   */
  recover: { params: Authed & { entropyId: string; password?: string; authorization?: FrameCloudAuthorization }; result: { wallets: FrameWallet[] } }
  /**
   * Starts a sign-in to a cloud storage: the frame keeps a PKCE verifier and answers the page to open
   * in a popup, which returns to `redirectTo` with the code and `stateCode`.
   */
  cloudSignIn: { params: Authed & { provider: FrameCloudProvider; redirectTo: string }; result: { url: string; stateCode: string } }
  /** Adds an HD wallet of a connected secret (another index, or the other chain). */
  add: { params: Authed & { entropyId: string; chainType: FrameChainType; walletIndex: number }; result: FrameWallet }
  /** Splits a connected secret again under a new recovery method or password. */
  setRecovery: { params: Authed & { entropyId: string; recovery: FrameRecoveryChoice }; result: { recoveryMethod: FrameWallet['recoveryMethod'] } }
  /** Signs with a wallet of a connected secret. Results: a hex or base64 signature, or a signed transaction. */
  rpc: { params: Authed & { entropyId: string; address: string; chainType: FrameChainType; request: FrameRpcRequest }; result: { result: string } }
  /**
   * Delegates actions with one wallet of a connected secret: seals the wallet's private key (that
   * wallet's only, never the secret) to the server's delegation public key, which the frame fetches
   * itself from its own origin (`portico/protocols/delegation`), and sends it to the server's
   * consent route. The host learns only that it is done.
   */
  delegate: { params: Authed & { entropyId: string; address: string; chainType: FrameChainType }; result: { delegated: true } }
  /** Forgets every reconstructed secret held in memory (logout, revoke). Device shares stay. */
  clear: { params: Partial<Authed>; result: { cleared: true } }
  /**
   * Export frame only (`/apps/{appId}/embedded-wallets/export`, shown in the modal): shows a wallet's
   * private key (Ethereum hex, Solana base58 of the 64-byte key pair), or the secret's recovery phrase
   * when `phrase` is true and the wallet is an HD wallet, with a Copy button, inside the frame. Asks
   * the server for the auth share with `purpose: 'export'` (403 `reauthentication_required` without a
   * recent login). The host learns only that the key is shown. The frame's texts follow the widget's
   * locale ({@link KeyFrameLocale}).
   */
  export: {
    params: Authed & KeyFrameLocale & { entropyId: string; address: string; chainType: FrameChainType; phrase: boolean }
    result: { shown: true }
  }
  /**
   * Export frame only: shows a labelled private-key input (Ethereum hex, Solana base58) and an Import
   * button inside the frame; the key typed there is split and stored with automatic recovery like a
   * created wallet (`imported: true`). Answers once the user has imported a key. The frame's texts
   * follow the widget's locale ({@link KeyFrameLocale}).
   */
  import: { params: Authed & KeyFrameLocale & { chainType: FrameChainType }; result: FrameWallet }
}

/** An operation's name. */
export type FrameOp = keyof FrameOperations

/** Error codes a frame answer may carry (besides the API's own codes, passed through). */
export type FrameErrorCode =
  | 'invalid_request'
  | 'unknown_operation'
  | 'access_token_expired'
  | 'recovery_needed'
  | 'invalid_recovery_pin'
  /** Recovery is locked after too many wrong passwords; `data.retryAfterSeconds` says for how long. */
  | 'too_many_requests'
  | 'share_mismatch'
  | 'wallet_not_found'
  | 'not_connected'
  | 'frame_timeout'
  | 'frame_unavailable'
  | 'internal_error'
  /** The user refused the cloud storage's sign-in (its message is 'User denied'). */
  | 'user_denied'
  /** The cloud storage failed; `data.retryable` says whether trying again may help. */
  | 'cloud_storage_error'
  | (string & {})

/** An error as it crosses the channel. */
export interface FrameErrorBody {
  code: FrameErrorCode
  message: string
  data?: Record<string, unknown>
}

/** The frame's `ready` message. */
export interface FrameReady {
  channel: typeof FRAME_CHANNEL
  type: 'ready'
}

/** A request from the host. */
export interface FrameRequest<O extends FrameOp = FrameOp> {
  channel: typeof FRAME_CHANNEL
  type: 'request'
  id: string
  op: O
  params: FrameOperations[O]['params']
}

/** An answer from the frame. */
export type FrameResponse<O extends FrameOp = FrameOp> =
  | { channel: typeof FRAME_CHANNEL; type: 'response'; id: string; ok: true; result: FrameOperations[O]['result'] }
  | { channel: typeof FRAME_CHANNEL; type: 'response'; id: string; ok: false; error: FrameErrorBody }

/**
 * How long the host waits for each operation, in ms. Creation follows spec 02 §9 (20 s); password
 * work runs a memory-hard key derivation; `ready` is the frame initialisation time-out (30000 ms);
 * `import` waits for the user to type a key in the export frame.
 */
export const FRAME_TIMEOUTS_MS: Readonly<Record<FrameOp | 'ready', number>> = {
  ready: 30_000,
  create: 20_000,
  connect: 20_000,
  recover: 60_000,
  cloudSignIn: 20_000,
  add: 20_000,
  setRecovery: 60_000,
  rpc: 30_000,
  delegate: 30_000,
  clear: 5_000,
  export: 30_000,
  import: 600_000,
}

/**
 * The frame's address for an app.
 * @param apiUrl - the API base URL.
 * @param appId - the app id.
 * @param clientId - the app client id, when the host has one.
 * @returns `{apiUrl}/apps/{appId}/embedded-wallets?caid=…&client_id=…`.
 */
export function frameUrl(apiUrl: string, appId: string, clientId?: string): string {
  const url = new URL(`${apiUrl.replace(/\/+$/, '')}/apps/${encodeURIComponent(appId)}/embedded-wallets`)
  url.searchParams.set('caid', appId)
  if (clientId) url.searchParams.set('client_id', clientId)
  return url.toString()
}

/** How the export frame looks: the modal's theme and accent colour. */
export interface ExportFrameLook {
  /** @defaultValue 'light' */
  theme?: 'light' | 'dark'
  /** A CSS hex colour (`#676FFF`) for the frame's buttons and focus rings. */
  accentColor?: string
}

/**
 * The export frame's address for an app (the visible frame that shows a key or takes one to import).
 * @param apiUrl - the API base URL.
 * @param appId - the app id.
 * @param look - theme and accent colour, passed as the query's `theme` and `accent`.
 * @param clientId - the app client id, when the host has one.
 * @returns `{apiUrl}/apps/{appId}/embedded-wallets/export?caid=…&theme=…&accent=…`.
 */
export function exportFrameUrl(apiUrl: string, appId: string, look: ExportFrameLook = {}, clientId?: string): string {
  const url = new URL(frameUrl(apiUrl, appId, clientId))
  url.pathname += '/export'
  url.searchParams.set('theme', look.theme ?? 'light')
  if (look.accentColor) url.searchParams.set('accent', look.accentColor)
  return url.toString()
}
