/**
 * The guest screen: signs in at once with the browser's guest credential, showing progress, then
 * success; on failure the reason, with 'Try again' when retrying can help.
 * @module
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { porticoRecipes as r } from '../../../ui/styles'
import { BadgeGlyph, IconBadge } from '../../../ui/components/IconBadge'
import type { ScreenProps } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { Button } from '../../../ui/components/Button'
import { Spinner } from '../../../ui/components/Spinner'
import { signInAsGuest } from '../credential'
import { GUEST_ICON_PATH } from '../icon'

/** Params of the guest screen: none. */
export type GuestContinueParams = Record<string, unknown>


type Phase = { kind: 'working' } | { kind: 'success' } | { kind: 'error'; message: string; retryable: boolean }

const codeOf = (err: unknown) => {
  const code = (err as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : undefined
}

function GuestIcon() {
  return (
    <IconBadge>
      <BadgeGlyph path={GUEST_ICON_PATH} />
    </IconBadge>
  )
}

/**
 * The guest screen.
 * @param props - screen props (no params).
 * @returns the screen.
 * @example
 * ```ts
 * kernel.openModal('guest/continue')
 * ```
 */
export default function GuestContinue({ ctx, resolveError }: ScreenProps<GuestContinueParams>) {
  const t = ctx.t
  const [phase, setPhase] = useState<Phase>({ kind: 'working' })
  const started = useRef(false)

  const run = useCallback(async () => {
    setPhase({ kind: 'working' })
    try {
      await signInAsGuest(ctx, { linking: ctx.intent() === 'link' })
      // The kernel closes the modal after its post-success delay; until then show success.
      setPhase({ kind: 'success' })
    } catch (err) {
      const code = codeOf(err)
      // A declined post-login step (terms): the kernel has already moved the modal on.
      if (code === 'exited_auth_flow') return
      if (code === 'GUEST_LINK_UNSUPPORTED') {
        setPhase({ kind: 'error', message: t('GUEST_LINK_UNSUPPORTED'), retryable: false })
        return
      }
      const resolved = resolveError(err)
      const screen = resolved.reaction.screen
      // Screens with their own story (allowlist, user limit) take over; the generic one does not.
      if (screen && screen !== 'portico/error' && !resolved.reaction.inline) {
        ctx.navigate(screen, { code: resolved.code, message: resolved.message }, { replace: true })
        return
      }
      const own = resolved.reaction.inline
      setPhase({
        kind: 'error',
        message: own ? resolved.message : t('GUEST_SIGN_IN_FAILED'),
        retryable: own ? resolved.reaction.retryable !== false : true,
      })
    }
  }, [ctx, resolveError, t])

  useEffect(() => {
    // Once per mount, StrictMode's second effect run included.
    if (started.current) return
    started.current = true
    void run()
  }, [run])

  if (phase.kind === 'success') {
    return <Screen icon="success" title={t('GUEST_SUCCESS_TITLE')} subtitle={t('GUEST_SUCCESS_SUBTITLE')} />
  }

  if (phase.kind === 'error') {
    return (
      <Screen
        icon="error"
        title={t('GUEST_ERROR_TITLE')}
        // Announced when it replaces the progress state.
        subtitle={<span role="alert">{phase.message}</span>}
        footer={
          <div className={r.stackTight}>
            {phase.retryable ? <Button onClick={() => void run()}>{t('PORTICO_UI_TRY_AGAIN')}</Button> : null}
            {/* A link flow has nowhere else to go: the modal's own close button ends it. */}
            {ctx.intent() === 'link' ? null : (
              <Button variant={phase.retryable ? 'ghost' : 'primary'} onClick={() => ctx.navigate('portico/landing', {}, { reset: true })}>
                {t('PORTICO_TRY_ANOTHER_METHOD')}
              </Button>
            )}
          </div>
        }
      />
    )
  }

  return (
    <Screen icon={<GuestIcon />} title={t('GUEST_WORKING_TITLE')} subtitle={t('GUEST_WORKING_SUBTITLE')}>
      <div
        role="status"
        className={r.status}
      >
        <Spinner size={16} />
        {t('GUEST_WORKING')}
      </div>
    </Screen>
  )
}
