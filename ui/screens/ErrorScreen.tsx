/**
 * The generic error screen: 'Something went wrong' / 'Try again later', the server's message for
 * a 400 or 422 (passed as `params.message`), and 'Too many attempts.' for rate limits.
 * @module
 */
import type { ScreenProps } from '../context'
import { Screen } from '../components/Screen'
import { Button } from '../components/Button'
import { toLanding } from './shared'

/** Params of the error screen, as the kernel's error reactions pass them. */
export interface ErrorScreenParams extends Record<string, unknown> {
  code?: string
  /** A text to show under the title (the server's message for 400/422). */
  message?: string
  retryable?: boolean
}

/**
 * The error screen.
 * @param props - screen props with {@link ErrorScreenParams}.
 * @returns the screen.
 * @example
 * ```ts
 * kernel.navigate('portico/error', { code: 'invalid_data', message: 'Invalid email' })
 * ```
 */
export default function ErrorScreen({ ctx, params, navigate }: ScreenProps<ErrorScreenParams>) {
  const t = ctx.t
  const tooMany = params.code === 'too_many_requests'
  const generic = t('PORTICO_GENERIC_TITLE')
  const detail = !tooMany && typeof params.message === 'string' && params.message && params.message !== generic
    ? params.message
    : t('PORTICO_GENERIC_DETAIL')
  return (
    <Screen
      icon="error"
      title={tooMany ? t('PORTICO_TOO_MANY_ATTEMPTS') : generic}
      subtitle={detail}
      footer={<Button onClick={() => toLanding(navigate)}>{t('PORTICO_UI_TRY_AGAIN')}</Button>}
    />
  )
}
