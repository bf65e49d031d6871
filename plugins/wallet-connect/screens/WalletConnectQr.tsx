/**
 * The WalletConnect screen: the pairing QR code to scan with a phone, a copy button, and deep links
 * that open a wallet app on this phone. For a named wallet on a phone the app opens by itself as soon
 * as the pairing link exists. Leaving the screen before a wallet answers cancels the attempt.
 * @module
 */
import { useEffect, useRef, useState } from 'react'
import { useSnapshot } from 'valtio'
import { QrCode } from '../../../ui/components/QrCode'
import { porticoRecipes as r } from '../../../ui/styles'
import type { ScreenProps } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { Button } from '../../../ui/components/Button'
import { buttonRecipe } from '../../../ui/components/Button'
import { deepLink, mobileWallet } from '../../wallets'
import {
  WALLET_CONNECT_MODAL_Z_INDEX,
  WALLET_CONNECT_NAMED_WALLETS,
  WALLET_REDIRECT_POLL_MS,
  cancelPairing,
  type WalletConnectState,
} from '../index'

/** Params of the QR screen. */
export interface WalletConnectQrParams extends Record<string, unknown> {
  /** A named wallet (`metamask`) to open, or null/absent for any wallet. */
  walletId?: string | null
}

/** A phone-sized touch screen: deep links beat a QR code there. */
function isPhone(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.('(pointer: coarse)').matches && window.innerWidth < 768
}

/**
 * The WalletConnect QR / deep-link screen.
 * @param props - screen props; `params.walletId` names the wallet being connected.
 * @returns the screen.
 * @example
 * ```ts
 * kernel.openModal('wallet-connect/qr', { walletId: 'rainbow' })
 * ```
 */
export default function WalletConnectQr({ ctx, params }: ScreenProps<WalletConnectQrParams>) {
  const t = ctx.t
  const state = ctx.state as WalletConnectState
  const snap = useSnapshot(state)
  const uri = snap.uri
  const walletId = (params.walletId as string | null | undefined) ?? snap.walletId ?? null
  const wallet = walletId ? mobileWallet(walletId) : undefined
  const [copied, setCopied] = useState(false)
  const redirected = useRef(false)


  // A named wallet on a phone: open it once the pairing link exists (polled, since the screen may
  // come up before the provider has one).
  useEffect(() => {
    if (!wallet || !walletId || !isPhone()) return
    const timer = setInterval(() => {
      const link = state.uri ? deepLink(walletId, state.uri, { preferUniversal: true }) : null
      if (!link || redirected.current) return
      redirected.current = true
      clearInterval(timer)
      window.location.href = link
    }, WALLET_REDIRECT_POLL_MS)
    return () => clearInterval(timer)
  }, [state, wallet, walletId])

  // Leaving the screen (back, close) while waiting ends the attempt; a StrictMode remount does not.
  useEffect(() => {
    let mounted = true
    return () => {
      mounted = false
      setTimeout(() => {
        if (!mounted && state.uri) cancelPairing(state)
      }, 0)
    }
  }, [state])

  const copy = async () => {
    if (!uri) return
    try {
      await navigator.clipboard.writeText(uri)
      setCopied(true)
      setTimeout(() => setCopied(false), 2000)
    } catch {
      setCopied(false)
    }
  }

  const links = uri
    ? (wallet && walletId ? [walletId] : WALLET_CONNECT_NAMED_WALLETS).flatMap((id) => {
        const href = deepLink(id, uri, { preferUniversal: true })
        const w = mobileWallet(id)
        return href && w ? [{ id, name: w.name, href }] : []
      })
    : []

  return (
    <div style={{ position: 'relative', zIndex: WALLET_CONNECT_MODAL_Z_INDEX }}>
      <Screen
        title={wallet ? t('WALLET_CONNECT_TITLE_WALLET', { wallet: wallet.name }) : t('WALLET_CONNECT_TITLE')}
        subtitle={wallet ? t('WALLET_CONNECT_SUBTITLE_WALLET', { wallet: wallet.name }) : t('WALLET_CONNECT_SUBTITLE')}
        footer={
          <Button variant="ghost" onClick={() => (cancelPairing(state), ctx.back())}>
            {t('WALLET_CONNECT_CANCEL')}
          </Button>
        }
      >
        {/* The code stays dark on white in both themes: scanners need the contrast. */}
        <QrCode value={uri ?? null} label={t('WALLET_CONNECT_QR_LABEL')} pendingLabel={t('WALLET_CONNECT_PREPARING')} />
        {uri ? (
          <Button variant="secondary" size="sm" onClick={() => void copy()} aria-live="polite">
            {copied ? t('WALLET_CONNECT_COPIED') : t('WALLET_CONNECT_COPY')}
          </Button>
        ) : null}
        {links.length ? (
          <nav aria-label={t('WALLET_CONNECT_ON_PHONE')} className={r.stackTight}>
            <p className={`${r.muted} ${r.center}`} style={{ fontSize: 13 }}>{t('WALLET_CONNECT_ON_PHONE')}</p>
            <ul className={r.list} style={{ flexDirection: 'row', flexWrap: 'wrap', justifyContent: 'center' }}>
              {links.map((l) => (
                <li key={l.id}>
                  <a href={l.href} rel="noopener noreferrer" className={buttonRecipe({ variant: 'secondary', size: 'sm', fullWidth: false })}>
                    {t('WALLET_CONNECT_OPEN_WALLET', { wallet: l.name })}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </Screen>
    </div>
  )
}
