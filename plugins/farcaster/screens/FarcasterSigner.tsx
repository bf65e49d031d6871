/**
 * The 'awaiting Farcaster signer' screen: asks the server for a signed key request, shows its
 * approval URL as a QR code (a link on phones), polls every 2 s until the user approves or rejects
 * it in their Farcaster app, and gives up after 300 s.
 * @module
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import type { ScreenProps } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { Button } from '../../../ui/components/Button'
import { Link } from '../../../ui/components/Link'
import { Spinner } from '../../../ui/components/Spinner'
import { porticoRecipes as r } from '../../../ui/styles'
import { farcasterRoutes } from '../api'
import { QrCode } from '../../../ui/components/QrCode'
import { settleSignerRequest } from './signer-requests'
import { FarcasterMark, POLL_INTERVAL_MS, SIGNER_TIMEOUT_MS, isMobile, sleep } from './shared'

/** Params of the signer screen. */
export interface FarcasterSignerParams extends Record<string, unknown> {
  /** The ed25519 public key to approve (0x-hex, 32 bytes). */
  publicKey?: string
  /** Draw this state without any request (screenshots, contract tests). */
  preview?: 'waiting' | 'rejected' | 'failed' | 'approved'
  /** The approval URL to draw in preview. */
  approvalUrl?: string
}

type View =
  | { status: 'starting' }
  | { status: 'waiting'; url: string }
  | { status: 'approved' }
  | { status: 'rejected' }
  | { status: 'failed'; message: string }

/**
 * The signer screen (`farcaster/signer`).
 * @param props - screen props with {@link FarcasterSignerParams}.
 * @returns the screen.
 * @example
 * ```ts
 * kernel.openModal('farcaster/signer', { publicKey: '0x…' })
 * ```
 */
export default function FarcasterSigner({ ctx, params, refreshSession }: ScreenProps<FarcasterSignerParams>) {
  const t = ctx.t
  const [view, setView] = useState<View>(() => {
    switch (params.preview) {
      case 'waiting':
        return { status: 'waiting', url: params.approvalUrl ?? 'farcaster://signed-key-request?token=preview' }
      case 'rejected':
        return { status: 'rejected' }
      case 'approved':
        return { status: 'approved' }
      case 'failed':
        return { status: 'failed', message: t('FARCASTER_TIMEOUT') }
      default:
        return { status: 'starting' }
    }
  })
  const run = useRef<AbortController | null>(null)
  const key = params.publicKey?.toLowerCase()

  const start = useCallback(async () => {
    if (!key) return setView({ status: 'failed', message: t('FARCASTER_AUTH_FAILED') })
    run.current?.abort()
    const controller = new AbortController()
    run.current = controller
    const { signal } = controller
    setView({ status: 'starting' })
    try {
      const init = await ctx.api.request(farcasterRoutes.signerInit, { ed25519_public_key: key }, { signal })
      if (init.status !== 'pending_approval' || !init.signer_approval_url) throw new Error('No approval URL.')
      setView({ status: 'waiting', url: init.signer_approval_url })
      const deadline = Date.now() + SIGNER_TIMEOUT_MS
      for (;;) {
        await sleep(POLL_INTERVAL_MS, signal)
        if (Date.now() >= deadline) {
          setView({ status: 'failed', message: t('FARCASTER_TIMEOUT') })
          return settleSignerRequest(key, new Error(t('FARCASTER_TIMEOUT')))
        }
        let s
        try {
          s = await ctx.api.request(farcasterRoutes.signerStatus, { ed25519_public_key: key }, { signal })
        } catch {
          if (signal.aborted) return
          continue // a missed poll is retried by the next one
        }
        if (s.status === 'pending_approval') continue
        if (s.status === 'revoked') {
          setView({ status: 'rejected' })
          return settleSignerRequest(key, new Error(t('FARCASTER_SIGNER_REJECTED')))
        }
        setView({ status: 'approved' })
        // The account now carries signer_public_key: refresh the user the host sees.
        await refreshSession().catch(() => null)
        return settleSignerRequest(key, { status: 'approved', fid: s.fid, public_key: s.public_key })
      }
    } catch (err) {
      if (signal.aborted || (err as Error)?.name === 'AbortError') return
      setView({ status: 'failed', message: t('FARCASTER_AUTH_FAILED') })
      settleSignerRequest(key, err instanceof Error ? err : new Error(String(err)))
    }
  }, [ctx, key, refreshSession, t])

  useEffect(() => {
    if (params.preview) return
    void start()
    return () => run.current?.abort()
  }, [start, params.preview])

  if (view.status === 'rejected' || view.status === 'failed') {
    return (
      <Screen
        icon={<FarcasterMark tone="error" />}
        title={t(view.status === 'rejected' ? 'FARCASTER_SIGNER_REJECTED_TITLE' : 'FARCASTER_SIGNER_FAILED_TITLE')}
        subtitle={view.status === 'rejected' ? t('FARCASTER_SIGNER_REJECTED') : view.message}
        footer={<Button onClick={() => void start()}>{t('FARCASTER_RETRY')}</Button>}
      />
    )
  }
  if (view.status === 'approved') {
    return <Screen icon={<FarcasterMark tone="success" />} title={t('FARCASTER_SIGNER_APPROVED_TITLE')} subtitle={t('FARCASTER_SIGNER_APPROVED_SUBTITLE')} />
  }
  if (view.status === 'starting') {
    return (
      <Screen icon={<FarcasterMark />} title={t('FARCASTER_SIGNER_TITLE')} subtitle={t('FARCASTER_WAITING')}>
        <div className={r.loading}>
          <Spinner size={28} label={t('FARCASTER_WAITING')} />
        </div>
      </Screen>
    )
  }
  return (
    <Screen
      title={t('FARCASTER_SIGNER_TITLE')}
      subtitle={t('FARCASTER_SIGNER_SUBTITLE')}
      footer={
        isMobile() ? (
          <Button onClick={() => (window.location.href = view.url)}>{t('FARCASTER_OPEN_APP')}</Button>
        ) : (
          <div className={r.center}>
            <Link href={view.url}>{t('FARCASTER_OPEN_APP')}</Link>
          </div>
        )
      }
    >
      <QrCode value={view.url} label={t('FARCASTER_SIGNER_QR_LABEL')} size={220} />
      <p className={r.status}>
        <Spinner size={14} />
        {t('FARCASTER_WAITING')}
      </p>
    </Screen>
  )
}
