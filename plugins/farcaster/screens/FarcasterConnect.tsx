/**
 * The 'awaiting Farcaster connection' screen: opens a relay channel, shows its connect URI as a QR
 * code (and as a link that opens the Farcaster app on phones), polls the channel every 2 s and signs
 * in (or links) once the user has signed in their Farcaster app. Gives up after 120 s. A failure ends
 * the flow: it has no Back, and offers Retry and 'Use another method'.
 * @module
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import type { MessageKey } from '../../../kernel'
import { useOutcome, type ScreenProps } from '../../../ui/context'
import { PORTICO_SCREENS } from '../../../ui/plugin'
import { Screen } from '../../../ui/components/Screen'
import { Button } from '../../../ui/components/Button'
import { Link } from '../../../ui/components/Link'
import { Spinner } from '../../../ui/components/Spinner'
import { porticoRecipes as r } from '../../../ui/styles'
import { farcasterRoutes, FARCASTER_CHANNEL_HEADER } from '../api'
import { QrCode } from '../../../ui/components/QrCode'
import { FarcasterMark, LOGIN_TIMEOUT_MS, POLL_INTERVAL_MS, codeOf, isMobile, sleep } from './shared'

/** Params of the connect screen. */
export interface FarcasterConnectParams extends Record<string, unknown> {
  /** Draw this state without any request (screenshots, contract tests). */
  preview?: 'waiting' | 'timeout' | 'error'
  /** The connect URI to draw in preview. */
  connectUri?: string
}

type View = { status: 'starting' } | { status: 'waiting'; connectUri: string } | { status: 'verifying' } | { status: 'error'; message: string }

/**
 * The connect screen (`farcaster/connect`).
 * @param props - screen props with {@link FarcasterConnectParams}.
 * @returns the screen.
 * @example
 * ```ts
 * kernel.navigate('farcaster/connect')
 * ```
 */
export default function FarcasterConnect({ ctx, params, navigate }: ScreenProps<FarcasterConnectParams>) {
  const t = ctx.t
  const [view, setView] = useState<View>(() =>
    params.preview === 'waiting'
      ? { status: 'waiting', connectUri: params.connectUri ?? 'https://warpcast.com/~/siwf?channelToken=preview' }
      : params.preview
        ? { status: 'error', message: t(params.preview === 'timeout' ? 'FARCASTER_TIMEOUT' : 'FARCASTER_AUTH_FAILED') }
        : { status: 'starting' },
  )
  const run = useRef<AbortController | null>(null)

  const start = useCallback(async () => {
    run.current?.abort()
    const controller = new AbortController()
    run.current = controller
    const { signal } = controller
    const fail = (key: MessageKey) => !signal.aborted && setView({ status: 'error', message: t(key) })
    setView({ status: 'starting' })
    let captchaToken: string | undefined
    try {
      ;({ token: captchaToken } = await ctx.beginLogin({ method: 'farcaster' }))
    } catch (err) {
      // The user left the captcha step: the kernel has moved on, nothing to show.
      if (codeOf(err) === 'exited_auth_flow') return
      return fail('FARCASTER_AUTH_FAILED')
    }
    try {
      const channel = await ctx.api.request(farcasterRoutes.init, captchaToken ? { token: captchaToken } : {}, { signal })
      if (signal.aborted) return
      setView({ status: 'waiting', connectUri: channel.connect_uri })
      const deadline = Date.now() + LOGIN_TIMEOUT_MS
      for (;;) {
        await sleep(POLL_INTERVAL_MS, signal)
        if (Date.now() >= deadline) return fail('FARCASTER_TIMEOUT')
        let s
        try {
          s = await ctx.api.request(farcasterRoutes.status, {}, { signal, headers: { [FARCASTER_CHANNEL_HEADER]: channel.channel_token } })
        } catch (err) {
          // A missed poll is retried by the next one; a refused channel is final.
          if (signal.aborted) return
          if (codeOf(err) === 'invalid_credentials') return fail('FARCASTER_AUTH_FAILED')
          continue
        }
        if (s.state !== 'completed') continue
        setView({ status: 'verifying' })
        const signed = { channel_token: channel.channel_token, message: s.message, signature: s.signature, fid: s.fid }
        if (ctx.intent() === 'link') {
          await ctx.link(() => ctx.api.request(farcasterRoutes.link, signed), {
            method: 'farcaster',
            ...(s.username ? { handle: s.username } : {}),
            // A fid another user owns: the conflict screen's transfer moves it here with the conflict's nonce.
            transfer: (nonce) => ctx.api.request(farcasterRoutes.transfer, { nonce, farcaster_id: s.fid, farcaster_embedded_address: null }),
          })
        } else {
          await ctx.authenticate(() => ctx.api.request(farcasterRoutes.authenticate, { ...signed, mode: ctx.loginMode() }), {
            method: 'farcaster',
          })
        }
        return
      }
    } catch (err) {
      if (signal.aborted || (err as Error)?.name === 'AbortError') return
      fail(codeOf(err) === 'cannot_link_more_of_type' ? 'FARCASTER_CANNOT_LINK_MORE' : 'FARCASTER_AUTH_FAILED')
    }
  }, [ctx, t])

  // A failure (time-out, refused channel) ends the flow: no Back; Retry starts it over.
  useOutcome(view.status === 'error')

  useEffect(() => {
    if (params.preview) return
    void start()
    // Leaving the screen stops polling.
    return () => run.current?.abort()
  }, [start, params.preview])

  if (view.status === 'error') {
    return (
      <Screen
        icon={<FarcasterMark tone="error" />}
        title={t('FARCASTER_FAILED_TITLE')}
        subtitle={view.message}
        footer={
          <>
            <Button onClick={() => void start()}>{t('FARCASTER_RETRY')}</Button>
            <Button variant="ghost" onClick={() => navigate(PORTICO_SCREENS.landing, {}, { reset: true })}>
              {t('FARCASTER_OTHER_METHOD')}
            </Button>
          </>
        }
      />
    )
  }
  if (view.status !== 'waiting') {
    return (
      <Screen icon={<FarcasterMark />} title={t('FARCASTER_CONNECT_TITLE')} subtitle={t('FARCASTER_WAITING')}>
        <div className={r.loading}>
          <Spinner size={28} label={t('FARCASTER_WAITING')} />
        </div>
      </Screen>
    )
  }
  return (
    <Screen
      title={t('FARCASTER_CONNECT_TITLE')}
      subtitle={t('FARCASTER_CONNECT_SUBTITLE')}
      footer={
        isMobile() ? (
          <Button onClick={() => (window.location.href = view.connectUri)}>{t('FARCASTER_OPEN_APP')}</Button>
        ) : (
          <div className={r.center}>
            <Link href={view.connectUri}>{t('FARCASTER_OPEN_APP')}</Link>
          </div>
        )
      }
    >
      <QrCode value={view.connectUri} label={t('FARCASTER_QR_LABEL')} size={220} />
      <p className={r.status}>
        <Spinner size={14} />
        {t('FARCASTER_WAITING')}
      </p>
    </Screen>
  )
}
