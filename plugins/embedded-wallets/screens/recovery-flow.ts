/**
 * What the creation and recovery screens share: the params they pass along, which recovery
 * screen comes first, and the action that ends the flow (create the wallet, or set its recovery).
 * @module
 */
import type { FrameChainType, FrameRecoveryChoice } from '../../../protocols/wallet-frame'
import type { CreationInitiator, EmbeddedWalletService, EmbeddedWalletSettings, RecoveryMethod } from '../service'
import { EMBEDDED_WALLET_SCREENS } from './ids'

/**
 * The params of the creation and recovery screens, passed on from screen to screen. Without
 * `update` they create the wallet; with it they change the recovery of the user's wallet.
 */
export interface RecoveryFlowParams extends Record<string, unknown> {
  /** The chains to create wallets on. @defaultValue the service's `chainsToCreate()` */
  chains?: FrameChainType[]
  /** Who started the creation: an `automatic` one cannot be cancelled. @defaultValue 'automatic' */
  initiator?: CreationInitiator
  /** The user has just signed up: the created screen says 'Welcome to {app}'. */
  isNewUser?: boolean
  /** Change the recovery of the existing wallet instead of creating one. */
  update?: boolean
}

/** The user-owned recovery methods the screens can run. */
export const AVAILABLE_USER_RECOVERY: readonly RecoveryMethod[] = ['user-passcode', 'google-drive', 'icloud']

/** A recovery method the user may pick, and whether it can run yet. */
export interface RecoveryChoice {
  method: RecoveryMethod
  available: boolean
}

/**
 * The recovery methods to offer: the app's user-owned ones (a password when it lists none, the
 * legacy flow), the automatic one unless user-owned recovery is required, and each marked whether
 * it can run yet.
 * @param settings - the embedded-wallet settings.
 * @returns the choices, the password first and automatic last.
 */
export function recoveryChoices(settings: EmbeddedWalletSettings): RecoveryChoice[] {
  const owned = settings.userOwnedRecoveryOptions.length > 0 ? settings.userOwnedRecoveryOptions : (['user-passcode'] as const)
  const order: RecoveryMethod[] = ['user-passcode', 'google-drive', 'icloud']
  const choices = order.filter((m) => owned.includes(m as never)).map((method) => ({ method, available: AVAILABLE_USER_RECOVERY.includes(method) }))
  if (!settings.requireUserOwnedRecoveryOnCreate) choices.push({ method: 'privy', available: true })
  return choices
}

/**
 * The first screen of the recovery choice (spec 02 §4): the automatic-recovery screen when
 * automatic recovery is allowed; otherwise the password wizard when the password is the only method
 * that can run; otherwise the recovery selection.
 * @param settings - the embedded-wallet settings.
 * @returns the screen id.
 */
export function recoveryEntryScreen(settings: EmbeddedWalletSettings): string {
  if (!settings.requireUserOwnedRecoveryOnCreate) return EMBEDDED_WALLET_SCREENS.automaticRecovery
  const available = recoveryChoices(settings).filter((c) => c.available)
  return available.length === 1 && available[0]!.method === 'user-passcode' ? EMBEDDED_WALLET_SCREENS.passwordCreate : EMBEDDED_WALLET_SCREENS.recoverySelect
}

/**
 * Where picking a recovery method leads: the automatic-recovery screen, the password wizard, or
 * 'Recovery via OAuth' backing up to the chosen storage.
 * @param method - the method picked.
 * @param params - the flow's params.
 * @returns the screen and its params.
 */
export function screenForMethod(method: RecoveryMethod, params: RecoveryFlowParams): { screen: string; params: RecoveryFlowParams } {
  if (method === 'google-drive' || method === 'icloud') return { screen: EMBEDDED_WALLET_SCREENS.cloudRecovery, params: { ...params, provider: method, mode: 'backup' } }
  return { screen: method === 'privy' ? EMBEDDED_WALLET_SCREENS.automaticRecovery : EMBEDDED_WALLET_SCREENS.passwordCreate, params }
}

/**
 * Ends the flow with the recovery the user chose: sets it on the existing wallet (`update`), or
 * creates the wallets under it.
 * @param service - the embedded-wallet service.
 * @param params - the flow's params.
 * @param recovery - the chosen recovery.
 * @returns resolves once done; rejects with the service's error.
 */
export async function applyRecovery(service: EmbeddedWalletService, params: RecoveryFlowParams, recovery: FrameRecoveryChoice): Promise<void> {
  if (params.update) await service.setRecovery(recovery)
  else await service.create(params.chains ?? service.chainsToCreate(), recovery)
}

