/**
 * The WalletConnect screen: the pairing QR code to scan with a phone, a copy button, and deep links
 * that open a wallet app on this phone. For a named wallet on a phone the app opens by itself as soon
 * as the pairing link exists. Leaving the screen before a wallet answers cancels the attempt.
 * @module
 */
import { useEffect, useMemo, useRef, useState } from 'react'
import { useSnapshot } from 'valtio'
import { renderSVG } from 'uqr'
import { css } from '../../../styled-system/css'
import type { ScreenProps } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { Button } from '../../../ui/components/Button'
import { Spinner } from '../../../ui/components/Spinner'
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

  const svg = useMemo(() => (uri ? renderSVG(uri, { ecc: 'M', border: 2, whiteColor: '#ffffff', blackColor: '#000000' }) : null), [uri])

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
        <div className={css({ display: 'flex', justifyContent: 'center' })}>
          {svg ? (
            <div
              role="img"
              aria-label={t('WALLET_CONNECT_QR_LABEL')}
              // The code stays dark on white in both themes: scanners need the contrast.
              className={css({ width: '240px', height: '240px', p: '2', bg: 'white', borderRadius: '16px', borderWidth: '1px', borderColor: 'border', '& svg': { width: '100%', height: '100%', display: 'block' } })}
              dangerouslySetInnerHTML={{ __html: svg }}
            />
          ) : (
            <div
              role="status"
              className={css({ width: '240px', height: '240px', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: '3', borderRadius: '16px', borderWidth: '1px', borderColor: 'border', color: 'fg.muted', fontSize: '14px' })}
            >
              <Spinner size={20} />
              {t('WALLET_CONNECT_PREPARING')}
            </div>
          )}
        </div>
        {uri ? (
          <Button variant="secondary" size="sm" onClick={() => void copy()} aria-live="polite">
            {copied ? t('WALLET_CONNECT_COPIED') : t('WALLET_CONNECT_COPY')}
          </Button>
        ) : null}
        {links.length ? (
          <nav aria-label={t('WALLET_CONNECT_ON_PHONE')} className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
            <p className={css({ fontSize: '13px', color: 'fg.muted', textAlign: 'center' })}>{t('WALLET_CONNECT_ON_PHONE')}</p>
            <ul className={css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: '2', listStyle: 'none', p: '0', m: '0' })}>
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
