/**
 * What the embedded-wallet plugin offers its screens and other plugins on each kernel: the
 * settings, the user's embedded wallets, and the wallet operations (each runs in the wallet frame).
 * Screens reach it with {@link embeddedWalletsOf}. Types and the accessor only.
 * @module
 */
import { defineHooks } from '../../kernel/hook-bus'
import type { AsyncSeriesBailHook, SyncBailHook, SyncHook } from '../../kernel/hooks'
import type { EmbeddedEthereumProvider, TransactionUiOptions } from './provider'
import type { EmbeddedSolanaWallet, SolanaTransactionUiOptions } from './solana'
import type { FrameChainType, FrameCloudAuthorization, FrameCloudProvider, FrameRecoveryChoice, FrameWallet } from '../../protocols/wallet-frame'

/** The recovery methods of spec 02. */
export type RecoveryMethod = FrameWallet['recoveryMethod']

/** When a wallet is created after login (per chain). */
export type CreateOnLogin = 'users-without-wallets' | 'all-users' | 'off'

/** The embedded-wallet settings, merged from the app's and the host's configuration. */
export interface EmbeddedWalletSettings {
  /** Per chain: when to create a wallet after login. */
  createOnLogin: Record<FrameChainType, CreateOnLogin>
  /** The user picks a recovery method they own (a password...) before the first wallet exists. */
  requireUserOwnedRecoveryOnCreate: boolean
  /** The user-owned methods offered ('user-passcode' today; 'google-drive', 'icloud' later). */
  userOwnedRecoveryOptions: readonly Exclude<RecoveryMethod, 'privy'>[]
  /** Show the sign-request screen before each signature. @defaultValue true */
  showWalletUIs: boolean
}

/** An embedded wallet of the signed-in user, as its linked account says. */
export interface EmbeddedWalletInfo {
  address: string
  chainType: FrameChainType
  walletIndex: number
  imported: boolean
  recoveryMethod: RecoveryMethod
}

/** Who started a creation: `automatic` (after login; cannot be cancelled) or `user` (may be). */
export type CreationInitiator = 'automatic' | 'user'

/** The operations screens call. Each rejects with a `PorticoError` carrying the frame's or API's code. */
export interface EmbeddedWalletService {
  settings(): EmbeddedWalletSettings
  /** The signed-in user's embedded wallets, by wallet index (Ethereum first). */
  wallets(): EmbeddedWalletInfo[]
  /** The chains that need a wallet after this login, by the settings and the user's wallets. */
  chainsToCreate(): FrameChainType[]
  /**
   * Creates the first wallet of each chain (one secret; the second chain is added from it), then
   * refreshes the session so the user lists them.
   * @param chains - the chains, Ethereum first.
   * @param recovery - how the recovery share is protected.
   */
  create(chains: readonly FrameChainType[], recovery: FrameRecoveryChoice): Promise<EmbeddedWalletInfo[]>
  /**
   * Makes the user's secret usable on this device. Rejects with code `recovery_needed` (data
   * `{recoveryMethod}`) when the user must recover (a password); automatic recovery runs by itself.
   */
  connect(): Promise<void>
  /** Recovers with the password (`user-passcode`); rejects `invalid_recovery_pin` on a wrong one. */
  recover(password?: string): Promise<void>
  /**
   * Starts a sign-in to a cloud storage (`google-drive`, `icloud`) in the wallet frame, which keeps its
   * PKCE verifier: open `url` in a popup; it returns to `redirectTo` with `privy_oauth_code` and
   * `privy_oauth_state` (= `stateCode`). Pass both as the `authorization` of a cloud
   * {@link FrameRecoveryChoice} (`create`, `setRecovery`) or to {@link recoverWithCloud}. The code is
   * worthless to the page: only the frame can redeem it, and the storage's token stays in the frame.
   * @param provider - the storage.
   * @param redirectTo - a page of one of the app's allowed origins.
   */
  cloudSignIn(provider: FrameCloudProvider, redirectTo: string): Promise<{ url: string; stateCode: string }>
  /**
   * Recovers with a cloud storage's returned sign-in. Rejects `user_denied` ('User denied') for the
   * literal code 'undefined', `cloud_storage_error` (`data.retryable`) when the storage failed: retry
   * with the same sign-in.
   * @param authorization - the popup's code and state.
   */
  recoverWithCloud(authorization: FrameCloudAuthorization): Promise<void>
  /**
   * Adds an HD wallet from the user's secret (spec 02's `add`): index `walletIndex` of `chainType`,
   * by default the next unused one, then refreshes the session so the user lists it.
   * @throws a `PorticoError` `wallet_not_found` when the user has no embedded wallet yet (create one first).
   */
  add(chainType: FrameChainType, walletIndex?: number): Promise<EmbeddedWalletInfo>
  /** Protects the secret again under another method or a new password. */
  setRecovery(recovery: FrameRecoveryChoice): Promise<void>
  /**
   * Delegates actions with one of the user's wallets: the frame seals that wallet's key (only
   * that wallet's) to the server's delegation key and the server stores it, then the session is
   * refreshed so the wallet shows `delegated: true`. The page never sees the key. Used by the
   * delegated-actions plugin, after the user accepted.
   * @throws a `PorticoError` with the frame's or the server's code (`linked_account_not_found`,
   *   `feature_not_enabled`, an MFA code the `mfaToken` hook answers first).
   */
  delegate(wallet: EmbeddedWalletInfo): Promise<void>
  /**
   * The EIP-1193 provider of one of the user's Ethereum wallets (the first when no address is given).
   * @throws a `PorticoError` `wallet_not_found` when the user has no such wallet.
   */
  getEthereumProvider(address?: string): EmbeddedEthereumProvider
  /**
   * One of the user's Solana wallets (the first when no address is given): `signMessage`,
   * `signTransaction`, `signAndSendTransaction` over `@solana/kit` transactions.
   * @throws a `PorticoError` `wallet_not_found` when the user has no such wallet, or
   * `missing_or_invalid_token` ('User must be authenticated to use embedded Solana wallet') when no user is signed in.
   */
  getSolanaWallet(address?: string): EmbeddedSolanaWallet
  /**
   * Opens the visible key frame (export and import) inside an element of a screen.
   * @param parent - where the iframe goes.
   * @param title - the iframe's accessible title.
   */
  openKeyFrame(parent: HTMLElement, title: string): Promise<KeyFrame>
}

/**
 * The visible key frame inside a screen (the export frame): it shows a private key or takes one,
 * on the API's origin; the page learns only that it happened.
 */
export interface KeyFrame {
  /** Shows the wallet's private key, or its recovery phrase (`phrase`, HD wallets), inside the frame. */
  exportKey(wallet: EmbeddedWalletInfo, phrase: boolean): Promise<void>
  /** Shows the key input inside the frame; resolves with the imported wallet once the user imported one. */
  importKey(chainType: FrameChainType): Promise<EmbeddedWalletInfo>
  /** Removes the frame. */
  close(): void
}

/**
 * What the transaction review screen gets: the wallet, the chain, and the transaction as it will be
 * signed (hex quantities; nonce, gas and fees filled from the chain where it could be).
 */
export interface TransactionReviewParams extends Record<string, unknown> {
  /** The signing wallet's address. */
  address: string
  /** The chain's numeric id. */
  chainId: number
  /** The chain's name, native currency and RPC URL, from the app's chains (absent when it has none). */
  chain?: { name: string; symbol: string; decimals: number; rpcUrl?: string; blockExplorerUrl?: string }
  /** The transaction: `to`, `value`, `data`, `gas`, `maxFeePerGas` or `gasPrice`… in hex; the last item of a multi-item request. */
  transaction: Record<string, string | undefined>
  /** The items before it, of a multi-item request: reviewed one by one; the last item's Approve sends them all. */
  items?: Record<string, string | undefined>[]
  /**
   * One fee for the whole request, when its items go out as one operation (a smart account's user
   * operation): its maximum in the chain's smallest unit (hex), or null when it could not be
   * estimated. The review then shows the fee once, on the item Approve sends, with the request's
   * total (every item's amount and the fee), and reads no fee from the items' gas fields. Absent, each
   * item shows its own fee.
   */
  operationFee?: string | null
  /** The app's paymaster pays the fee: the review and the receipt show it as 'Sponsored'. */
  sponsored?: boolean
  /**
   * What the sender paid, read from the mined receipt, when it is not the transaction's gas used at
   * its price (a user operation's account pays the operation's cost, not the bundle's gas); null
   * when the receipt does not tell it, and the receipt screen falls back to the transaction's gas.
   */
  feePaid?(receipt: { logs?: readonly { topics: readonly string[]; data: string }[] }): bigint | null
  /** Nonce, gas or fees could not be read from the chain: 'There was an error preparing your transaction…'. */
  preparationFailed: boolean
  /** The app's `extendedCalldataDecoding` setting: decode NFT calls too. */
  extendedCalldataDecoding: boolean
  /** The app's `priceDisplay.primary`: the dollar value or the native amount first. */
  priceDisplay: PriceDisplay
  /** The host's texts for this transaction's review and receipt, and its contract image. */
  ui?: TransactionUiOptions
  /**
   * Signs and sends the transaction (the review's Approve, the error screen's 'Retry transaction');
   * resolves with its hash. `freshNonce` reads the nonce anew: a retry after a transaction that got
   * a hash. The first hash resolves the host's request; leaving after a failure rejects it.
   */
  submit(options?: { freshNonce?: boolean }): Promise<string>
}

/** Which figure a transaction screen shows first: the dollar value or the native amount (spec 02 §9). */
export type PriceDisplay = 'fiat-currency' | 'native-token'

/**
 * What the Solana transaction screen gets: the wallet, the cluster, the transaction as it will be
 * signed and, for a send, the call that signs and sends it.
 */
export interface SolanaTransactionReviewParams extends Record<string, unknown> {
  /** The signing wallet's address (base58). */
  address: string
  /** The transaction's wire bytes in base64. */
  transaction: string
  /**
   * The cluster: its name, CAIP-2 id and block explorer from the app's `solana:` chain (no id when
   * the app lists none for the RPC URL); the RPC URL the review reads from and a send goes to.
   */
  cluster: { name: string; id?: string; rpcUrl?: string; blockExplorerUrl?: string }
  /** The app's `priceDisplay.primary`: the dollar value or the SOL amount first. */
  priceDisplay: PriceDisplay
  /**
   * Present for `signAndSendTransaction`: signs and sends, resolving the signature (base58) or
   * rejecting with the RPC's refusal; the screen calls it on approval and again for a retry, then
   * ends the step once the user leaves the receipt. Absent for `signTransaction`: approving ends the step.
   */
  send?: () => Promise<string>
  /** The host's texts for this transaction. */
  ui?: SolanaTransactionUiOptions
}

/** The hooks of the embedded-wallet plugin. */
export interface EmbeddedWalletHooks {
  /** Called by {@link embeddedWalletsOf}: the plugin answers with its kernel's service. Bail. */
  service: SyncBailHook<[], EmbeddedWalletService>
  /**
   * Called before an Ethereum transaction is signed, when the app shows wallet UIs: a plugin that
   * reviews transactions (the transactions plugin) answers with its review screen's id, which the
   * embedded wallet opens as a step with {@link TransactionReviewParams}: its screens send the
   * transaction (`submit`) and end the step when the user is done; leaving before anything was sent
   * rejects the request with 4001. Without an answer the transaction is signed as asked. Bail.
   */
  transactionReview: SyncBailHook<[], string>
  /**
   * The Solana counterpart of {@link EmbeddedWalletHooks.transactionReview}: called before a Solana
   * transaction is signed, when the app shows wallet UIs; the answer is the screen the embedded
   * wallet opens as a step with {@link SolanaTransactionReviewParams}. Leaving it before a send
   * rejects with 4001. Without an answer the transaction is signed (and sent) as asked. Bail.
   */
  solanaTransactionReview: SyncBailHook<[], string>
  /**
   * Called when the server refuses a wallet operation until the user verifies (`missing_or_invalid_mfa`
   * or `expired_or_invalid_mfa_token`): a plugin that verifies the user (the mfa plugin) answers with
   * a fresh MFA token, and the operation runs once more with it ({@link MFA_TOKEN_HEADER} on the
   * frame's requests). A rejection (the user left: 'MFA canceled') ends the operation with it; without
   * an answer the server's error stands. Async bail.
   */
  mfaToken: AsyncSeriesBailHook<[], string>
  /**
   * Called once for each embedded wallet created for the user, once the creation's screens are done:
   * when the login that created it completes (`automatic`), or when `createWallet` resolves (`user`).
   * Imported wallets are not created. A plugin that follows up on a new wallet (the funding plugin's
   * `promptFundingOnWalletCreation`) taps it. Notification.
   */
  walletCreated: SyncHook<[EmbeddedWalletInfo, { initiator: CreationInitiator }]>
}

/** The header the wallet frame sends a fresh MFA token in, on the requests the server guards. */
export const MFA_TOKEN_HEADER = 'privy-mfa-token'

/** The server's answers that ask for a (fresh) MFA token. */
export const MFA_REQUIRED_CODES: readonly string[] = ['missing_or_invalid_mfa', 'expired_or_invalid_mfa_token']

/**
 * The embedded-wallet plugin's hooks of a kernel.
 * @param owner - a plugin context or a kernel.
 * @returns the hooks.
 */
export const embeddedWalletHooks = defineHooks('embedded-wallets', (make): EmbeddedWalletHooks => ({
  service: make.syncBail(),
  transactionReview: make.syncBail(),
  solanaTransactionReview: make.syncBail(),
  mfaToken: make.asyncSeriesBail(),
  walletCreated: make.sync(),
}))

/**
 * Calls `walletCreated` for each wallet the user has now that was not among `before` (imported ones left out).
 * @param owner - a plugin context or a kernel.
 * @param before - the addresses of the user's embedded wallets before the creation.
 * @param initiator - who started the creation.
 * @internal
 */
export function announceCreatedWallets(owner: Parameters<typeof embeddedWalletHooks>[0], before: ReadonlySet<string>, initiator: CreationInitiator): void {
  for (const wallet of embeddedWalletsOf(owner).wallets()) {
    if (!wallet.imported && !before.has(wallet.address)) embeddedWalletHooks(owner).walletCreated.call(wallet, { initiator })
  }
}

/**
 * The embedded-wallet service of a kernel.
 * @param owner - a plugin context or a kernel.
 * @returns the service.
 * @throws Error when the embedded-wallets plugin is not registered.
 */
export function embeddedWalletsOf(owner: Parameters<typeof embeddedWalletHooks>[0]): EmbeddedWalletService {
  const service = embeddedWalletHooks(owner).service.call()
  if (!service) throw new Error('The embedded-wallets plugin is not registered')
  return service
}
