/**
 * The embedded wallet's operations that run in the wallet frame: creating, connecting, recovering,
 * adding, protecting, signing, and the visible key frame. Loaded with the first operation, so a page
 * whose user never touches a wallet downloads none of it (the core answers the rest).
 * @module
 */
import { PorticoError } from '../../kernel/errors'
import type { PluginContext } from '../../kernel/plugin'
import { textDirection } from '../../kernel/locale'
import { exportFrameUrl, frameUrl, KEY_FRAME_TEXTS, type FrameChainType, type FrameOp, type FrameRecoveryChoice, type KeyFrameLocale, type KeyFrameTextKey, type KeyFrameTexts } from '../../protocols/wallet-frame'
import type { FrameParams, FrameResult, WalletFrame } from '../../protocols/wallet-frame/client'
import { entropyIdOf, type CoreSteps, type EmbeddedWalletCore } from './core'
import { embeddedWalletHooks, MFA_REQUIRED_CODES, type EmbeddedWalletInfo } from './service'

/** What the frame runs of the core. */
export type FrameOperations = Pick<
  EmbeddedWalletCore,
  'create' | 'prepareCreation' | 'connect' | 'recover' | 'cloudSignIn' | 'recoverWithCloud' | 'add' | 'setRecovery' | 'delegate' | 'sign' | 'openKeyFrame' | 'clear' | 'destroy'
>

/**
 * What the key frame is sent with each request so it speaks the widget's language: its texts in the
 * locale in use (the host's overrides included), the locale's tag and its direction.
 * @param ctx - the plugin's context.
 * @returns the texts, `lang` and `dir`.
 */
export function keyFrameLocale(ctx: Pick<PluginContext, 't' | 'locale'>): Required<KeyFrameLocale> {
  const lang = ctx.locale()
  const texts: KeyFrameTexts = {}
  for (const key of Object.keys(KEY_FRAME_TEXTS) as KeyFrameTextKey[]) {
    const text = ctx.t(key)
    // A key without a text (the screens' table not loaded) is left to the frame's English.
    if (text !== key) texts[key] = text
  }
  return { texts, lang, dir: textDirection(lang) }
}

/**
 * Builds the frame operations of one kernel.
 * @param ctx - the plugin's context.
 * @param steps - the screens a signature may need (the password recovery).
 * @param wallets - the signed-in user's embedded wallets, read from the session.
 * @returns the operations.
 */
export function frameOperations(ctx: PluginContext, steps: CoreSteps, wallets: () => EmbeddedWalletInfo[]): FrameOperations {
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

  /**
   * Runs a frame request. When the server asks for MFA first, a plugin that verifies the user (the
   * `mfaToken` hook) gets a fresh token, and the request runs once more with it.
   */
  async function withMfa<T>(run: (mfa: { mfaToken?: string }) => Promise<T>): Promise<T> {
    try {
      return await run({})
    } catch (error) {
      if (!MFA_REQUIRED_CODES.includes(String((error as { code?: unknown }).code))) throw error
      const mfaToken = await embeddedWalletHooks(ctx).mfaToken.promise()
      if (!mfaToken) throw error
      return run({ mfaToken })
    }
  }

  async function call<O extends FrameOp>(op: O, params: FrameParams<O>): Promise<FrameResult<O>> {
    const opened = await openFrame()
    return withMfa((mfa) => opened.request(op, { ...params, ...mfa }))
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

  return {
    create(chains, recovery) {
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
    cloudSignIn: (provider, redirectTo) => call('cloudSignIn', { provider, redirectTo }),
    async recoverWithCloud(authorization) {
      await call('recover', { entropyId: secretOf(), authorization })
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
    async delegate(wallet) {
      const params = { entropyId: entropyIdOf(wallet, wallets()), address: wallet.address, chainType: wallet.chainType }
      try {
        await call('delegate', params)
      } catch (e) {
        // A device without the wallet whose recovery needs the user (a password): ask, then delegate.
        if (!steps.recover || (e as { code?: unknown }).code !== 'recovery_needed') throw e
        await steps.recover(e)
        await call('delegate', params)
      }
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
        await steps.recover(e)
        return (await call('rpc', params)).result
      }
    },
    async openKeyFrame(parent, title) {
      const { openWalletFrame } = await import('../../protocols/wallet-frame/client')
      const look = ctx.config()?.appearance
      const keyFrame = openWalletFrame({
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
          const params = { entropyId: entropyIdOf(wallet, wallets()), address: wallet.address, chainType: wallet.chainType, phrase, ...keyFrameLocale(ctx) }
          await withMfa((mfa) => keyFrame.request('export', { ...params, ...mfa }))
        },
        async importKey(chainType) {
          const imported = await withMfa((mfa) => keyFrame.request('import', { chainType, ...keyFrameLocale(ctx), ...mfa }))
          await ctx.refreshSession()
          return wallets().find((w) => w.address === imported.address) ?? { ...imported, imported: true }
        },
        close: () => keyFrame.destroy(),
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
}
