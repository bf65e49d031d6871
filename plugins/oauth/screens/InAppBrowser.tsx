/**
 * The in-app-browser screen: the provider refuses to sign in inside an app's embedded browser, so
 * the visitor is asked to open the page in their browser (with a way to copy its address).
 * @module
 */
import { useState } from 'react'
import type { ScreenProps } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { Button } from '../../../ui/components/Button'
import { PORTICO_SCREENS } from '../../../ui/plugin'
import { providerDisplay } from '../client/providers'
import { ProviderIcon } from './ProviderIcon'

/** Params of the in-app-browser screen. */
export interface InAppBrowserParams extends Record<string, unknown> {
  provider?: string
}

/**
 * The screen (`oauth/in-app-browser`).
 * @param props - screen props with {@link InAppBrowserParams}.
 * @returns the screen.
 * @example
 * ```ts
 * ctx.navigate('oauth/in-app-browser', { provider: 'google' })
 * ```
 */
export default function InAppBrowser({ ctx, params, navigate }: ScreenProps<InAppBrowserParams>) {
  const t = ctx.t
  const [copied, setCopied] = useState(false)
  const display = providerDisplay(params.provider, ctx.config())
  const name = display.name ?? t('OAUTH_UNKNOWN_PROVIDER')
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href)
      setCopied(true)
    } catch {
      // No clipboard in this webview: the button stays as it is.
    }
  }
  return (
    <Screen
      icon={<ProviderIcon icon={display.icon} tone="error" />}
      title={t('OAUTH_IN_APP_TITLE')}
      subtitle={t('OAUTH_IN_APP_BROWSER', { provider: name })}
      footer={
        <>
          <Button onClick={copy} aria-live="polite">{copied ? t('OAUTH_LINK_COPIED') : t('OAUTH_COPY_LINK')}</Button>
          <Button variant="ghost" onClick={() => navigate(PORTICO_SCREENS.landing, {}, { reset: true })}>
            {t('OAUTH_BACK')}
          </Button>
        </>
      }
    />
  )
}
