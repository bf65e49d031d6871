/**
 * Terms consent (affirmative): 'One last step'. Blocking: it cannot be closed. The kernel shows it
 * while the session is `pending`, again after a reload. Accept records the acceptance on the server
 * and resolves the step (the kernel then reads the user again); 'No thanks' cancels it, which logs out.
 * @module
 */
import { useState } from 'react'
import { css } from '../../styled-system/css'
import { coreRoutes } from '../../kernel'
import type { ScreenProps } from '../context'
import { Screen } from '../components/Screen'
import { Button } from '../components/Button'
import { Link } from '../components/Link'
import { ErrorText } from '../components/ErrorText'
import { useConfig } from './shared'

/**
 * The terms screen.
 * @param props - screen props.
 * @returns the screen.
 * @example
 * ```ts
 * // Shown by the kernel (TERMS_SCREEN) as the first step of a login that still needs consent.
 * ```
 */
export default function Terms({ ctx, resolveStep, cancelStep, resolveError }: ScreenProps) {
  const config = useConfig()
  const t = ctx.t
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const terms = config?.legal.termsAndConditionsUrl
  const privacy = config?.legal.privacyPolicyUrl

  const accept = async () => {
    setBusy(true)
    setError(null)
    try {
      await ctx.api.request(coreRoutes.acceptTerms, {})
      resolveStep()
    } catch (err) {
      setError(resolveError(err).message)
      setBusy(false)
    }
  }

  return (
    <Screen
      icon="lock"
      title={t('PORTICO_TERMS_TITLE')}
      subtitle={t('PORTICO_TERMS_BODY')}
      footer={
        <>
          <ErrorText center>{error}</ErrorText>
          <Button loading={busy} onClick={accept}>{t('PORTICO_TERMS_ACCEPT')}</Button>
          <Button variant="secondary" disabled={busy} onClick={cancelStep}>
            {t('PORTICO_TERMS_DECLINE')}
          </Button>
        </>
      }
    >
      {terms || privacy ? (
        <p className={css({ display: 'flex', justifyContent: 'center', gap: '5', fontSize: '14px' })}>
          {terms ? <Link href={terms}>{t('PORTICO_TERMS_VIEW_TERMS')}</Link> : null}
          {privacy ? <Link href={privacy}>{t('PORTICO_TERMS_VIEW_PRIVACY')}</Link> : null}
        </p>
      ) : null}
    </Screen>
  )
}
