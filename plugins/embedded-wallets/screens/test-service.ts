/**
 * For the screens' tests and screenshot page: an embedded-wallet service that records the calls the
 * screens make and answers as each test scripts it (at once, held until released, or failing), a
 * plugin that registers the screens with it, and a kernel wait whose delays a test can hold.
 * It stands in for the plugin core, which runs the operations in the wallet frame.
 * @internal
 * @module
 */
import { definePlugin } from '../../../kernel/plugin'
import { PorticoError } from '../../../kernel/errors'
import type { FrameChainType, FrameCloudAuthorization, FrameCloudProvider, FrameRecoveryChoice } from '../../../protocols/wallet-frame'
import { embeddedWalletHooks, type EmbeddedWalletInfo, type EmbeddedWalletService, type EmbeddedWalletSettings, type KeyFrame } from '../service'
import { EMBEDDED_WALLETS_PLUGIN_ID, embeddedWalletScreens, loadEmbeddedWalletScreenMessages } from './index'

/** An operation of the service the screens call. */
export type TestOp = 'create' | 'connect' | 'recover' | 'cloudSignIn' | 'recoverWithCloud' | 'add' | 'setRecovery' | 'delegate' | 'export' | 'import'

/** One recorded call. */
export interface TestCall {
  op: TestOp
  args: unknown[]
}

/** A call held until the test lets it go. */
interface Held {
  resolve: () => void
  reject: (error: unknown) => void
}

/** The settings the tests start from: a wallet per login on Ethereum, automatic recovery allowed. */
export const DEFAULT_TEST_SETTINGS: EmbeddedWalletSettings = {
  createOnLogin: { ethereum: 'users-without-wallets', solana: 'off' },
  requireUserOwnedRecoveryOnCreate: false,
  userOwnedRecoveryOptions: ['user-passcode'],
  showWalletUIs: true,
}

/** A recording embedded-wallet service. */
export class TestWalletService implements EmbeddedWalletService {
  readonly calls: TestCall[] = []
  settingsValue: EmbeddedWalletSettings
  walletList: EmbeddedWalletInfo[]
  private readonly failures = new Map<TestOp, unknown[]>()
  private readonly holds = new Set<TestOp>()
  private readonly held = new Map<TestOp, Held[]>()

  constructor(settings: Partial<EmbeddedWalletSettings> = {}, wallets: EmbeddedWalletInfo[] = []) {
    this.settingsValue = { ...DEFAULT_TEST_SETTINGS, ...settings }
    this.walletList = wallets
  }

  /** The screens never ask for a provider; a test that does has gone wrong. */
  getEthereumProvider(): never {
    throw new Error('TestWalletService has no provider: the screens never ask for one')
  }

  /** Nor for a Solana wallet. */
  getSolanaWallet(): never {
    throw new Error('TestWalletService has no Solana wallet: the screens never ask for one')
  }

  /** The next calls of `op` fail with these errors, one each. */
  fail(op: TestOp, ...errors: unknown[]): void {
    this.failures.set(op, [...(this.failures.get(op) ?? []), ...errors])
  }

  /** Calls of `op` wait until {@link release} or {@link rejectHeld}. */
  hold(op: TestOp): void {
    this.holds.add(op)
  }

  /** Whether a call of `op` is waiting. */
  isHeld(op: TestOp): boolean {
    return (this.held.get(op)?.length ?? 0) > 0
  }

  /** Lets the waiting calls of `op` succeed, and the next ones run at once. */
  release(op: TestOp): void {
    this.holds.delete(op)
    for (const h of this.held.get(op)?.splice(0) ?? []) h.resolve()
  }

  /** Fails the waiting calls of `op`. */
  rejectHeld(op: TestOp, error: unknown): void {
    this.holds.delete(op)
    for (const h of this.held.get(op)?.splice(0) ?? []) h.reject(error)
  }

  /** The calls of one operation. */
  callsOf(op: TestOp): unknown[][] {
    return this.calls.filter((c) => c.op === op).map((c) => c.args)
  }

  settings(): EmbeddedWalletSettings {
    return this.settingsValue
  }

  wallets(): EmbeddedWalletInfo[] {
    return this.walletList
  }

  chainsToCreate(): FrameChainType[] {
    return (['ethereum', 'solana'] as const).filter((c) => this.settingsValue.createOnLogin[c] !== 'off' && !this.walletList.some((w) => w.chainType === c))
  }

  async create(chains: readonly FrameChainType[], recovery: FrameRecoveryChoice): Promise<EmbeddedWalletInfo[]> {
    await this.run('create', [chains, recovery])
    this.walletList = chains.map((chainType, i) => ({
      address: chainType === 'ethereum' ? `0x${String(i + 1).repeat(40)}` : `So1ana${i}`,
      chainType,
      walletIndex: 0,
      imported: false,
      recoveryMethod: recovery.method,
    }))
    return this.walletList
  }

  async connect(): Promise<void> {
    await this.run('connect', [])
  }

  async recover(password?: string): Promise<void> {
    await this.run('recover', [password])
  }

  async cloudSignIn(provider: FrameCloudProvider, redirectTo: string): Promise<{ url: string; stateCode: string }> {
    await this.run('cloudSignIn', [provider, redirectTo])
    return { url: `https://accounts.test/sign-in?provider=${provider}`, stateCode: 'test-state' }
  }

  async recoverWithCloud(authorization: FrameCloudAuthorization): Promise<void> {
    await this.run('recoverWithCloud', [authorization])
  }

  async add(chainType: FrameChainType, walletIndex?: number): Promise<EmbeddedWalletInfo> {
    await this.run('add', [chainType, walletIndex])
    const first = this.walletList[0]
    if (!first) throw new PorticoError('The user has no embedded wallet', { code: 'wallet_not_found' })
    const index = walletIndex ?? this.walletList.filter((w) => w.chainType === chainType).length
    const wallet: EmbeddedWalletInfo = { ...first, address: `0x${String(index + 5).repeat(40)}`, chainType, walletIndex: index }
    this.walletList = [...this.walletList, wallet]
    return wallet
  }

  /** A stand-in for the visible key frame: a labelled element in place of the iframe. */
  async openKeyFrame(parent: HTMLElement, title: string): Promise<KeyFrame> {
    const element = document.createElement('div')
    element.setAttribute('role', 'group')
    element.setAttribute('aria-label', title)
    parent.appendChild(element)
    return {
      exportKey: async (wallet, phrase) => {
        await this.run('export', [wallet.address, phrase])
        element.textContent = phrase ? 'recovery phrase shown' : 'private key shown'
      },
      importKey: async (chainType) => {
        await this.run('import', [chainType])
        const wallet: EmbeddedWalletInfo = { address: `0x${'9'.repeat(40)}`, chainType, walletIndex: 0, imported: true, recoveryMethod: 'privy' }
        this.walletList = [...this.walletList, wallet]
        return wallet
      },
      close: () => element.remove(),
    }
  }

  async setRecovery(recovery: FrameRecoveryChoice): Promise<void> {
    await this.run('setRecovery', [recovery])
    this.walletList = this.walletList.map((w) => ({ ...w, recoveryMethod: recovery.method }))
  }

  async delegate(wallet: EmbeddedWalletInfo): Promise<void> {
    await this.run('delegate', [wallet])
  }

  private async run(op: TestOp, args: unknown[]): Promise<void> {
    this.calls.push({ op, args })
    const failure = this.failures.get(op)?.shift()
    if (failure !== undefined) throw failure
    if (this.holds.has(op)) {
      await new Promise<void>((resolve, reject) => {
        const list = this.held.get(op) ?? []
        list.push({ resolve, reject })
        this.held.set(op, list)
      })
    }
  }
}

/**
 * A plugin with the embedded-wallet screens, their texts, and the given service.
 * @param service - the service the screens get.
 * @returns the plugin.
 */
export function testEmbeddedWallets(service: EmbeddedWalletService) {
  return definePlugin({
    id: EMBEDDED_WALLETS_PLUGIN_ID,
    kind: 'wallet',
    screens: embeddedWalletScreens,
    screenMessages: loadEmbeddedWalletScreenMessages,
    setup: (ctx) => embeddedWalletHooks(ctx).service.tap('test', () => service),
  })
}

/** A frame error as the service rejects with it. */
export function frameError(code: string, message = code): PorticoError {
  return new PorticoError(message, { code })
}

/**
 * A kernel wait whose delays resolve at once, except those a test holds by their length.
 * @returns the wait, and the controls.
 */
export function heldSleep() {
  const holds = new Set<number>()
  const waiting: { ms: number; resolve: () => void }[] = []
  return {
    sleep: (ms: number): Promise<void> => (holds.has(ms) ? new Promise((resolve) => waiting.push({ ms, resolve })) : Promise.resolve()),
    /** Waits of this length wait until {@link release}. */
    hold(ms: number) {
      holds.add(ms)
    },
    /** How many waits of this length are waiting. */
    pending(ms: number): number {
      return waiting.filter((w) => w.ms === ms).length
    },
    /** Ends the waits of this length, and lets the next ones end at once. */
    release(ms: number) {
      holds.delete(ms)
      for (const w of waiting.filter((x) => x.ms === ms)) {
        waiting.splice(waiting.indexOf(w), 1)
        w.resolve()
      }
    },
  }
}

