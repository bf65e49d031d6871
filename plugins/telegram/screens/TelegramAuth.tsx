/**
 * The Telegram auth screen: starts the widget login on mount, shows 'Verifying connection to
 * Telegram' while Telegram's window is open and while the server checks, then success, or
 * 'Authentication failed' with the detail line and Retry when the error is retryable. It draws the
 * plugin's state slice; params override it (screenshots, contract tests).
 * @module
 */
import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { useOutcome, type ScreenProps } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { Button } from '../../../ui/components/Button'
import { PORTICO_SCREENS } from '../../../ui/plugin'
import { IconBadge } from '../../../ui/components/IconBadge'
import { startTelegramLogin, type TelegramState } from '../client/flow'
import { TELEGRAM_ICON } from '../icon'

/** Params of the Telegram screen; each one overrides the state slice. */
export interface TelegramAuthParams extends Record<string, unknown> {
  /** Only draw the screen; do not start a login. */
  preview?: boolean
  /** A payload arrived without a click (redirect return, Mini App): show its flow, start nothing. */
  arrived?: boolean
  status?: TelegramState['status']
  /** The failure's detail line. */
  message?: string
  retryable?: boolean
}

function TelegramBadge({ busy = false, error = false }: { busy?: boolean; error?: boolean }) {
  return (
    <IconBadge tone={error ? 'error' : 'neutral'} size={64} busy={busy} part="telegram-icon">
      <img src={TELEGRAM_ICON} alt="" width={40} height={40} />
    </IconBadge>
  )
}

/** States in which a login is under way (a remount must not start another). */
const BUSY: ReadonlySet<TelegramState['status']> = new Set(['loading', 'waiting', 'verifying'])

/**
 * Builds the Telegram screen for a widget script address.
 * @param scriptUrl - the Login Widget script.
 * @returns the screen component.
 * @example
 * ```ts
 * const Screen = telegramAuthScreen('https://telegram.org/js/telegram-widget.js?22')
 * ```
 */
export function telegramAuthScreen(scriptUrl: string) {
  return function TelegramAuth({ ctx, params, navigate }: ScreenProps<TelegramAuthParams>) {
    const snap = useSnapshot(ctx.state as TelegramState)
    const t = ctx.t
    const status = params.status ?? snap.status
    // A failure ends the flow: no Back; Retry or 'Use another method' say where to go.
    useOutcome(status === 'error')

    useEffect(() => {
      if (params.preview || params.arrived || params.status) return
      const s = ctx.state as TelegramState
      // A return or Mini App login already runs (or a StrictMode remount): leave it alone.
      if (BUSY.has(s.status)) return
      void startTelegramLogin(ctx, { scriptUrl })
    }, [])

    if (status === 'success') {
      return <Screen icon={<TelegramBadge />} title={t('TELEGRAM_SUCCESS_TITLE')} subtitle={t('TELEGRAM_SUCCESS_SUBTITLE')} />
    }
    if (status === 'error') {
      const message = params.message ?? snap.error?.message ?? t('TELEGRAM_UNEXPECTED')
      const retryable = params.retryable ?? snap.error?.retryable ?? false
      // The script is loaded by now, so Telegram's window opens inside this click (no popup blocker).
      const retry = () => void startTelegramLogin(ctx, { scriptUrl, intent: snap.intent })
      return (
        <Screen
          icon={<TelegramBadge error />}
          title={t('TELEGRAM_FAILED_TITLE')}
          subtitle={message}
          footer={
            <>
              {retryable ? <Button onClick={retry}>{t('TELEGRAM_RETRY')}</Button> : null}
              <Button variant={retryable ? 'ghost' : 'primary'} onClick={() => navigate(PORTICO_SCREENS.landing, {}, { reset: true })}>
                {t('TELEGRAM_OTHER_METHOD')}
              </Button>
            </>
          }
        />
      )
    }
    const subtitle =
      status === 'waiting' ? t('TELEGRAM_WAITING_SUBTITLE') : status === 'verifying' ? undefined : t('TELEGRAM_LOADING_SUBTITLE')
    return <Screen icon={<TelegramBadge busy />} title={t('TELEGRAM_VERIFYING_TITLE')} subtitle={subtitle} />
  }
}

/**
 * The Telegram screen with the official widget script (the contract tests render it with `preview`).
 * @param props - screen props with {@link TelegramAuthParams}.
 * @returns the screen.
 * @example
 * ```ts
 * kernel.navigate('telegram/auth', { preview: true })
 * ```
 */
export default telegramAuthScreen('https://telegram.org/js/telegram-widget.js?22')
