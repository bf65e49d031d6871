/**
 * The provider app's consent screen: '{requester} wants to use your {provider} account', Allow /
 * Cancel, marked when the provider app is read-only. Allow sends the browser back to the requester
 * with a code; Cancel sends it back with a denial.
 * @module
 */
import { useEffect, useState } from 'react'
import type { ScreenProps } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { Button } from '../../../ui/components/Button'
import { Spinner } from '../../../ui/components/Spinner'
import { ErrorText } from '../../../ui/components/ErrorText'
import { porticoRecipes as r } from '../../../ui/styles'
import { AppBadge } from './AppBadge'
import { crossAppRoutes } from '../api'
import { clearConsentRequest, type CrossAppState } from '../client/flow'

/** Params of the consent screen (screenshots and contract tests pass the names instead of a request). */
export interface ConsentParams extends Record<string, unknown> {
  requester?: string
  provider?: string
  readOnly?: boolean
}

interface Checked {
  requester: string
  provider: string
  providerIcon: string | null
  readOnly: boolean
  cancelUrl: string | null
}

/**
 * The `cross-app/consent` screen.
 * @param props - screen props.
 * @returns the screen.
 * @example
 * ```ts
 * ctx.navigate('cross-app/consent')
 * ```
 */
export default function Consent({ ctx, params }: ScreenProps<ConsentParams>) {
  const t = ctx.t
  const preview = params.requester !== undefined
  const [checked, setChecked] = useState<Checked | null>(
    preview ? { requester: params.requester!, provider: params.provider ?? '', providerIcon: null, readOnly: params.readOnly ?? false, cancelUrl: null } : null,
  )
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const request = (ctx.state as CrossAppState).request

  useEffect(() => {
    if (preview || !request) return
    ctx.api.request(crossAppRoutes.request, request).then(
      (r) => setChecked({ requester: r.requester.name, provider: r.provider.name, providerIcon: r.provider.icon_url, readOnly: r.provider.read_only, cancelUrl: r.cancel_url }),
      (e: unknown) => setError((e as { message?: string }).message ?? t('CROSS_APP_FAILED', { app: t('CROSS_APP_OTHER_APP') })),
    )
  }, [ctx, request, preview])

  if (error) return <Screen title={t('CROSS_APP_FAILED_TITLE')} subtitle={error} />
  if (!checked) return <Screen icon={<Spinner size={32} label={t('CROSS_APP_CONSENT_LOADING')} />} title={t('CROSS_APP_CONSENT_LOADING')} />

  const names = { requester: checked.requester, provider: checked.provider }
  const allow = async () => {
    if (!request || preview) return
    setBusy(true)
    try {
      const { redirect_url } = await ctx.api.request(crossAppRoutes.authorize, request)
      clearConsentRequest(ctx)
      globalThis.location.assign(redirect_url)
    } catch (e) {
      setBusy(false)
      setError((e as { message?: string }).message ?? t('CROSS_APP_FAILED', { app: checked.requester }))
    }
  }
  const cancel = () => {
    if (!checked.cancelUrl) return
    clearConsentRequest(ctx)
    globalThis.location.assign(checked.cancelUrl)
  }
  return (
    <Screen
      icon={<AppBadge name={checked.provider} iconUrl={checked.providerIcon} />}
      title={t('CROSS_APP_CONSENT_TITLE', names)}
      subtitle={t('CROSS_APP_CONSENT_SUBTITLE', names)}
      footer={
        <>
          <Button onClick={() => void allow()} disabled={busy}>
            {t('CROSS_APP_ALLOW')}
          </Button>
          <Button variant="ghost" onClick={cancel} disabled={busy}>
            {t('CROSS_APP_CANCEL')}
          </Button>
        </>
      }
    >
      {checked.readOnly ? <p className={`${r.muted} ${r.center}`}>{t('CROSS_APP_CONSENT_READ_ONLY', names)}</p> : null}
      {error ? <ErrorText>{error}</ErrorText> : null}
    </Screen>
  )
}
