/**
 * The embedded wallet's client core: the service its screens call, over the wallet frame. The
 * frame's transport loads on first use, so a page pays for it only once a wallet is needed.
 * @module
 */
import { PorticoError } from '../../kernel/errors'
import type { PluginContext } from '../../kernel/plugin'
import type { LinkedAccount } from '../../kernel/wire'
import { exportFrameUrl, frameUrl, type FrameChainType, type FrameRecoveryChoice, type FrameRpcRequest, type FrameOp } from '../../protocols/wallet-frame'
import type { FrameParams, FrameResult, WalletFrame } from '../../protocols/wallet-frame/client'
import { createEmbeddedEthereumProvider } from './provider'
import { createEmbeddedSolanaWallet, solanaRpcUrl } from './solana'
import type { CreateOnLogin, EmbeddedWalletInfo, EmbeddedWalletService, EmbeddedWalletSettings, RecoveryMethod } from './service'

/** Options of the embedded-wallets plugin (the host's, over the app's settings). */
export interface EmbeddedWalletsOptions {
  /** Per chain: when to create a wallet after login. @defaultValue Ethereum: the app's `create_on_login`; Solana: 'off' */
  createOnLogin?: Partial<Record<FrameChainType, CreateOnLogin>>
  /** Show the sign-request screen before each signature. @defaultValue the app's `show_wallet_uis`, else true */
  showWalletUIs?: boolean
}

/** The steps the core asks the user through; without them it signs and recovers without screens. */
export interface CoreSteps {
  /** Asks the user to approve a signature; rejects (4001) when they decline. */
  confirm?(wallet: EmbeddedWalletInfo, request: FrameRpcRequest): Promise<void>
  /** Asks the user for their recovery password on a device without the wallet; rejects when they leave. */
  recover?(): Promise<void>
}

/** The service plus what the plugin itself needs of it. */
export interface EmbeddedWalletCore extends EmbeddedWalletService {
  /** Signs with one of the user's wallets in the frame (no screen). */
  sign(wallet: EmbeddedWalletInfo, request: FrameRpcRequest): Promise<string>
  /**
   * Starts creating wallets with automatic recovery ahead of the creation screen (while the login's
   * success state shows); the screen's own `create` with the same chains and recovery takes it over.
   */
  prepareCreation(chains: readonly FrameChainType[]): void
  /** Forgets what the frame holds in memory (logout, revoke). */
  clear(): Promise<void>
  /** Removes the frame. */
  destroy(): void
}

const CHAINS: readonly FrameChainType[] = ['ethereum', 'solana']

function isEmbedded(a: LinkedAccount): boolean {
  const r = a as Record<string, unknown>
  return a.type === 'wallet' && r.wallet_client_type === 'privy' && r.connector_type === 'embedded'
}

/**
 * The secret a wallet derives from: an imported key is its own; HD wallets share the secret whose
 * first wallet is index 0 of the chain it was created on (Ethereum when the user has one).
 */
export function entropyIdOf(wallet: EmbeddedWalletInfo, all: readonly EmbeddedWalletInfo[]): string {
  if (wallet.imported) return wallet.address
  const first = all.find((w) => !w.imported && w.walletIndex === 0 && w.chainType === 'ethereum') ?? all.find((w) => !w.imported && w.walletIndex === 0)
  return (first ?? wallet).address
}

/**
 * Builds the service of one kernel.
 * @param ctx - the plugin's context.
 * @param options - the host's options.
 * @param steps - the screens it asks the user through.
 * @returns the core.
 */
export function createEmbeddedWalletCore(
  ctx: PluginContext,
  options: EmbeddedWalletsOptions,
  steps: CoreSteps = {},
): EmbeddedWalletCore {
  const { confirm } = steps
  let frame: Promise<WalletFrame> | null = null

  function openFrame(): Promise<WalletFrame> {
    frame ??= import('../../protocols/wallet-frame/client').then(({ openWalletFrame }) =>
      openWalletFrame({
        url: frameUrl(ctx.apiUrl, ctx.appId),
        apiOrigin: new URL(ctx.apiUrl).origin,
        getAccessToken: () => ctx.getAccessToken(),
        refreshAccessToken: async () => ((await ctx.refreshSession()) ? ctx.getAccessToken() : null),
      }),
    )
    // A frame that failed to open is opened again on the next call.
    frame.catch(() => {
      frame = null
    })
    return frame
  }

  async function call<O extends FrameOp>(op: O, params: FrameParams<O>): Promise<FrameResult<O>> {
    return (await openFrame()).request(op, params)
  }

  function serverConfig(): Record<string, unknown> {
    const raw = (ctx.config() as { server?: Record<string, unknown> } | null)?.server
    return ((raw?.embedded_wallet_config as Record<string, unknown> | undefined) ?? {}) as Record<string, unknown>
  }

  function settings(): EmbeddedWalletSettings {
    const server = serverConfig()
    const perChain = (chain: FrameChainType): CreateOnLogin => {
      const fromHost = options.createOnLogin?.[chain]
      if (fromHost) return fromHost
      const fromServer = (server[chain] as { create_on_login?: CreateOnLogin } | undefined)?.create_on_login
      if (fromServer) return fromServer
      // The app's single setting (the contract's `create_on_login`) is the Ethereum wallet's.
      const single = server.create_on_login as CreateOnLogin | undefined
      return chain === 'ethereum' && single ? single : 'off'
    }
    const owned = Array.isArray(server.user_owned_recovery_options) ? (server.user_owned_recovery_options as string[]) : []
    return {
      createOnLogin: { ethereum: perChain('ethereum'), solana: perChain('solana') },
      requireUserOwnedRecoveryOnCreate: server.require_user_owned_recovery_on_create === true,
      userOwnedRecoveryOptions: owned.filter((m): m is Exclude<RecoveryMethod, 'privy'> => m === 'user-passcode' || m === 'google-drive' || m === 'icloud'),
      showWalletUIs: options.showWalletUIs ?? (typeof server.show_wallet_uis === 'boolean' ? server.show_wallet_uis : true),
    }
  }

  function wallets(): EmbeddedWalletInfo[] {
    const accounts = ctx.session().user?.linked_accounts ?? []
    return accounts
      .filter(isEmbedded)
      .map((a) => {
        const r = a as Record<string, unknown>
        return {
          address: String(r.address),
          chainType: r.chain_type === 'solana' ? 'solana' : 'ethereum',
          walletIndex: typeof r.wallet_index === 'number' ? r.wallet_index : 0,
          imported: r.imported === true,
          recoveryMethod: (r.recovery_method as RecoveryMethod | undefined) ?? 'privy',
        } satisfies EmbeddedWalletInfo
      })
      .sort((a, b) => CHAINS.indexOf(a.chainType) - CHAINS.indexOf(b.chainType) || a.walletIndex - b.walletIndex)
  }

  function chainsToCreate(): FrameChainType[] {
    const user = ctx.session().user
    if (!user) return []
    const mine = wallets()
    const anyWallet = user.linked_accounts.some((a) => a.type === 'wallet')
    const s = settings()
    return CHAINS.filter((chain) => {
      const when = s.createOnLogin[chain]
      if (when === 'off' || mine.some((w) => w.chainType === chain && !w.imported)) return false
      return when === 'all-users' || !anyWallet
    })
  }

  function secretOf(): string {
    const all = wallets()
    const first = all[0]
    if (!first) throw new PorticoError('The user has no embedded wallet', { code: 'wallet_not_found' })
    return entropyIdOf(first, all)
  }

  async function createNow(chains: readonly FrameChainType[], recovery: FrameRecoveryChoice): Promise<EmbeddedWalletInfo[]> {
    const [first, ...rest] = chains
    if (!first) return wallets()
    const created = await call('create', { chainType: first, recovery })
    for (const chainType of rest) await call('add', { entropyId: created.entropyId, chainType, walletIndex: 0 })
    await ctx.refreshSession()
    return wallets()
  }

  /** A creation started ahead of its screen, by what it creates. */
  let early: { key: string; promise: Promise<EmbeddedWalletInfo[]> } | null = null
  const creationKey = (chains: readonly FrameChainType[], recovery: FrameRecoveryChoice) => `${chains.join(',')}|${recovery.method}`

  const core: EmbeddedWalletCore = {
    settings,
    wallets,
    chainsToCreate,
    create(chains, recovery: FrameRecoveryChoice) {
      const key = creationKey(chains, recovery)
      if (early?.key === key) {
        const { promise } = early
        early = null
        return promise
      }
      return createNow(chains, recovery)
    },
    prepareCreation(chains) {
      const recovery: FrameRecoveryChoice = { method: 'privy' }
      const promise = createNow(chains, recovery)
      const started = { key: creationKey(chains, recovery), promise }
      early = started
      // A creation that fails before its screen asks is dropped: the screen then tries afresh.
      promise.catch(() => {
        if (early === started) early = null
      })
    },
    async connect() {
      await call('connect', { entropyId: secretOf() })
    },
    async recover(password) {
      await call('recover', { entropyId: secretOf(), ...(password !== undefined ? { password } : {}) })
    },
    async add(chainType, walletIndex) {
      const hd = wallets().filter((w) => w.chainType === chainType && !w.imported)
      const index = walletIndex ?? (hd.length === 0 ? 0 : Math.max(...hd.map((w) => w.walletIndex)) + 1)
      const added = await call('add', { entropyId: secretOf(), chainType, walletIndex: index })
      await ctx.refreshSession()
      return wallets().find((w) => w.address === added.address) ?? { address: added.address, chainType, walletIndex: index, imported: false, recoveryMethod: added.recoveryMethod }
    },
    async setRecovery(recovery) {
      await call('setRecovery', { entropyId: secretOf(), recovery })
      await ctx.refreshSession()
    },
    async sign(wallet, request) {
      // The frame rebuilds the secret first when this device has not yet (automatic recovery runs by itself).
      const entropyId = entropyIdOf(wallet, wallets())
      const params = { entropyId, address: wallet.address, chainType: wallet.chainType, request }
      try {
        return (await call('rpc', params)).result
      } catch (e) {
        // A device without the wallet whose recovery needs the user (a password): ask, then sign.
        if (!steps.recover || (e as { code?: unknown }).code !== 'recovery_needed') throw e
        await steps.recover()
        return (await call('rpc', params)).result
      }
    },
    getEthereumProvider(address) {
      const wallet = wallets().find((w) => w.chainType === 'ethereum' && (address === undefined || w.address.toLowerCase() === address.toLowerCase()))
      if (!wallet) throw new PorticoError('The user has no such embedded Ethereum wallet', { code: 'wallet_not_found' })
      const config = ctx.config()
      const chains = (config?.supportedChains ?? [])
        .filter((c) => c.id.startsWith('eip155:') && c.rpcUrls[0])
        .map((c) => ({ id: Number(c.id.slice('eip155:'.length)), rpcUrl: c.rpcUrls[0]! }))
      const start = config?.defaultChain?.startsWith('eip155:') ? Number(config.defaultChain.slice(7)) : (chains[0]?.id ?? 1)
      const showUi = settings().showWalletUIs && confirm
      return createEmbeddedEthereumProvider({
        wallet,
        chains,
        chainId: start,
        sign: (request) => core.sign(wallet, request),
        ...(showUi ? { confirm: (request: FrameRpcRequest) => confirm(wallet, request) } : {}),
      })
    },
    getSolanaWallet(address) {
      const signedIn = () => ctx.session().user !== null
      if (!signedIn()) throw new PorticoError('User must be authenticated to use embedded Solana wallet', { code: 'missing_or_invalid_token' })
      const wallet = wallets().find((w) => w.chainType === 'solana' && (address === undefined || w.address === address))
      if (!wallet) throw new PorticoError('The user has no such embedded Solana wallet', { code: 'wallet_not_found' })
      const showUi = settings().showWalletUIs && confirm
      return createEmbeddedSolanaWallet({
        wallet,
        sign: (request) => core.sign(wallet, request),
        rpcUrl: () => solanaRpcUrl(ctx.config()),
        authenticated: signedIn,
        ...(showUi ? { confirm: (request: FrameRpcRequest) => confirm(wallet, request) } : {}),
      })
    },
    async openKeyFrame(parent, title) {
      const { openWalletFrame } = await import('../../protocols/wallet-frame/client')
      const look = ctx.config()?.appearance
      const frame = openWalletFrame({
        url: exportFrameUrl(ctx.apiUrl, ctx.appId, { theme: look?.theme === 'dark' ? 'dark' : 'light', ...(look?.accentColor ? { accentColor: look.accentColor } : {}) }),
        apiOrigin: new URL(ctx.apiUrl).origin,
        getAccessToken: () => ctx.getAccessToken(),
        refreshAccessToken: async () => ((await ctx.refreshSession()) ? ctx.getAccessToken() : null),
        visible: true,
        title,
        parent,
      })
      return {
        async exportKey(wallet, phrase) {
          await frame.request('export', { entropyId: entropyIdOf(wallet, wallets()), address: wallet.address, chainType: wallet.chainType, phrase })
        },
        async importKey(chainType) {
          const imported = await frame.request('import', { chainType })
          await ctx.refreshSession()
          return wallets().find((w) => w.address === imported.address) ?? { ...imported, imported: true }
        },
        close: () => frame.destroy(),
      }
    },
    async clear() {
      early = null
      if (frame) await (await frame).request('clear', {})
    },
    destroy() {
      void frame?.then((f) => f.destroy(), () => undefined)
      frame = null
    },
  }
  return core
}
