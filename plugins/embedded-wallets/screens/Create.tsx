/**
 * 'On account create' (`embedded-wallets/create`), the post-login step that makes the user's
 * wallets. When the app requires a user-owned recovery it leads to the recovery choice first;
 * otherwise it creates the wallets with automatic recovery, showing progress, and goes on to the
 * created screen. Blocking: an `automatic` creation cannot be cancelled; a `user` one has Cancel.
 * On failure the message shows with Close, which cancels the step (after login, the plugin then
 * logs the user out).
 * @module
 */
import { useEffect, useRef, useState } from 'react'
import type { ScreenProps } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { Button } from '../../../ui/components/Button'
import { embeddedWalletsOf } from '../service'
import { EMBEDDED_WALLET_SCREENS } from './ids'
import { applyRecovery, recoveryEntryScreen, type RecoveryFlowParams } from './recovery-flow'
import { Badge, SlowNotice, failureText, textsOf, useFocusOnChange, useSlow } from './parts'

/** Params of the create screen: the flow's, and the recovery already chosen (automatic, from its screen). */
export interface CreateParams extends RecoveryFlowParams {
  /** Create with automatic recovery without asking (the user chose it). */
  recovery?: 'privy'
}

/**
 * The create screen.
 * @param props - screen props with {@link CreateParams}.
 * @returns the screen.
 * @example
 * ```ts
 * await ctx.step({ screen: EMBEDDED_WALLET_SCREENS.create, params: { chains: ['ethereum'], initiator: 'automatic', isNewUser: true } })
 * ```
 */
export default function Create(props: ScreenProps<CreateParams>) {
  const { ctx, params, navigate, cancelStep, isShown } = props
  const t = textsOf(ctx)
  const [error, setError] = useState<string | null>(null)
  const started = useRef(false)
  const slow = useSlow(ctx, error === null)
  const ref = useFocusOnChange<HTMLDivElement>(error !== null)

  useEffect(() => {
    if (started.current) return
    started.current = true
    const service = embeddedWalletsOf(ctx)
    if (service.settings().requireUserOwnedRecoveryOnCreate && params.recovery !== 'privy') {
      navigate(recoveryEntryScreen(service.settings()), params, { replace: true })
      return
    }
    applyRecovery(service, { ...params, update: false }, { method: 'privy' }).then(
      () => {
        if (isShown()) navigate(EMBEDDED_WALLET_SCREENS.created, { isNewUser: params.isNewUser === true }, { replace: true })
      },
      (err: unknown) => {
        if (!isShown()) return
        setError(params.initiator === 'user' ? failureText(props, t, err) : t('EMBEDDED_CREATE_FAILED_LOGIN_AGAIN'))
      },
    )
  }, [ctx, params, navigate, isShown, props, t])

  if (error !== null) {
    return (
      <div ref={ref}>
        <Screen
          icon="error"
          title={t('EMBEDDED_CREATE_FAILED_TITLE')}
          subtitle={error}
          footer={<Button onClick={cancelStep}>{t('EMBEDDED_CLOSE')}</Button>}
        />
      </div>
    )
  }
  return (
    <div ref={ref}>
      <Screen
        icon={<Badge glyph="wallet" busy />}
        title={t('EMBEDDED_CREATING_TITLE')}
        subtitle={t('EMBEDDED_CREATING_DETAIL')}
        footer={
          params.initiator === 'user' ? (
            <Button variant="secondary" onClick={cancelStep}>
              {t('EMBEDDED_CANCEL')}
            </Button>
          ) : null
        }
      >
        <SlowNotice slow={slow}>{t('EMBEDDED_SLOW')}</SlowNotice>
      </Screen>
    </div>
  )
}
