/**
 * Recovery via OAuth (`embedded-wallets/cloud-recovery`, spec 02 §2 and §4): the user confirms their
 * identity with Google Drive or iCloud in a popup, then the wallet frame backs the wallet up to that
 * storage (a new wallet, or a changed recovery) or recovers it on this device; then success, or a
 * failure with 'Try again'. A storage failure the frame marks retryable is tried again with the same
 * sign-in (the frame keeps it); any other failure, and a refused sign-in ('User denied', the literal
 * code 'undefined'), signs in again. The page only passes the popup's code and state to the frame.
 * @module
 */
import { useRef, useState } from 'react'
import type { ScreenProps } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { Button } from '../../../ui/components/Button'
import type { FrameCloudAuthorization, FrameCloudProvider } from '../../../protocols/wallet-frame'
import { embeddedWalletsOf } from '../service'
import { EMBEDDED_WALLET_SCREENS } from './ids'
import { applyRecovery, type RecoveryFlowParams } from './recovery-flow'
import { cloudRedirectTarget, openCloudPopup } from './cloud-popup'
import { Badge, SlowNotice, textsOf, useSlow, type Texts } from './parts'

/** Params of the screen: the storage, and whether it backs the wallet up or recovers it. */
export interface CloudRecoveryParams extends RecoveryFlowParams {
  provider: FrameCloudProvider
  /** `backup`: create the wallets under it (or, with `update`, change the recovery); `recover`: recover on this device. */
  mode: 'backup' | 'recover'
}

type Phase = 'confirm' | 'signing-in' | 'working' | 'done' | 'failed'

const providerName = (t: Texts, provider: FrameCloudProvider) => t(provider === 'icloud' ? 'EMBEDDED_CLOUD_ICLOUD' : 'EMBEDDED_CLOUD_GOOGLE_DRIVE')

/** The failure's text: 'User denied' for a refused sign-in, the popup's own, or the general one. */
function failureOf(t: Texts, error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code
  if (code === 'user_denied') return t('EMBEDDED_CLOUD_DENIED')
  if (code === 'cloud_popup_blocked') return t('EMBEDDED_CLOUD_POPUP_BLOCKED')
  if (code === 'cloud_popup_closed') return t('EMBEDDED_CLOUD_POPUP_CLOSED')
  return t('EMBEDDED_ERROR_OCCURRED')
}

/** Whether a retry may reuse the sign-in: the storage failed and the frame says so. */
const retryableWithSameSignIn = (error: unknown) => {
  const e = error as { code?: unknown; data?: { retryable?: unknown } } | null
  return e?.code === 'cloud_storage_error' && e.data?.retryable === true
}

/**
 * The screen.
 * @param props - screen props with {@link CloudRecoveryParams}.
 * @returns the screen.
 * @example
 * ```ts
 * navigate(EMBEDDED_WALLET_SCREENS.cloudRecovery, { ...params, provider: 'google-drive', mode: 'backup' })
 * ```
 */
export default function CloudRecovery(props: ScreenProps<CloudRecoveryParams>) {
  const { ctx, params, navigate, isShown, resolveStep } = props
  const t = textsOf(ctx)
  const service = embeddedWalletsOf(ctx)
  const provider = providerName(t, params.provider)
  const backup = params.mode === 'backup'
  const [phase, setPhase] = useState<Phase>('confirm')
  const [failure, setFailure] = useState<string | null>(null)
  const signIn = useRef<FrameCloudAuthorization | null>(null)
  const slow = useSlow(ctx, phase === 'working')

  const fail = (error: unknown) => {
    if (!isShown()) return
    if (!retryableWithSameSignIn(error)) signIn.current = null
    setFailure(failureOf(t, error))
    setPhase('failed')
  }

  const run = async (authorization: FrameCloudAuthorization) => {
    setPhase('working')
    try {
      if (backup) await applyRecovery(service, params, { method: params.provider, authorization })
      else await service.recoverWithCloud(authorization)
      if (!isShown()) return
      if (backup && !params.update) navigate(EMBEDDED_WALLET_SCREENS.created, { isNewUser: params.isNewUser === true }, { replace: true })
      else setPhase('done')
    } catch (error) {
      fail(error)
    }
  }

  // Inside the click: the popup opens before any await, or the browser blocks it.
  const start = () => {
    setFailure(null)
    if (signIn.current) return void run(signIn.current)
    let popup: ReturnType<typeof openCloudPopup>
    try {
      popup = openCloudPopup(window)
    } catch (error) {
      return fail(error)
    }
    setPhase('signing-in')
    void (async () => {
      try {
        const { url, stateCode } = await service.cloudSignIn(params.provider, cloudRedirectTarget(window))
        signIn.current = await popup.signIn(url, stateCode)
      } catch (error) {
        popup.close()
        return fail(error)
      }
      await run(signIn.current)
    })()
  }

  if (phase === 'done') {
    return (
      <Screen
        icon="success"
        title={t('EMBEDDED_CREATED_TITLE')}
        subtitle={<span role="status">{backup ? t('EMBEDDED_CLOUD_BACKED_UP', { provider }) : t('EMBEDDED_CLOUD_RECOVERED')}</span>}
        footer={<Button onClick={resolveStep}>{t('EMBEDDED_DONE')}</Button>}
      />
    )
  }
  if (phase === 'failed') {
    return (
      <Screen
        icon="error"
        title={t(backup ? 'EMBEDDED_SET_RECOVERY_FAILED_TITLE' : 'EMBEDDED_CLOUD_RECOVER_FAILED_TITLE')}
        subtitle={<span role="alert">{failure}</span>}
        footer={<Button onClick={start}>{t('EMBEDDED_TRY_AGAIN')}</Button>}
      />
    )
  }
  const working = phase === 'working'
  return (
    <Screen
      icon={<Badge glyph="cloud" busy={phase !== 'confirm'} />}
      title={working ? t(backup ? 'EMBEDDED_CLOUD_BACKING_UP' : 'EMBEDDED_CLOUD_RECOVERING') : t(backup ? 'EMBEDDED_CLOUD_BACKUP_TITLE' : 'EMBEDDED_CLOUD_RECOVER_TITLE', { provider })}
      subtitle={
        phase === 'signing-in' ? (
          <span role="status">{t('EMBEDDED_CLOUD_WAITING', { provider })}</span>
        ) : working ? null : (
          t(backup ? 'EMBEDDED_CLOUD_CONFIRM_BACKUP' : 'EMBEDDED_CLOUD_CONFIRM_RECOVER', { provider })
        )
      }
      footer={
        <>
          <Button onClick={start} loading={phase !== 'confirm'} disabled={phase !== 'confirm'}>
            {t('EMBEDDED_CLOUD_CONTINUE', { provider })}
          </Button>
          <SlowNotice slow={slow}>{t('EMBEDDED_SLOW')}</SlowNotice>
        </>
      }
    />
  )
}
