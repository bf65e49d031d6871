/**
 * The delegated-actions prompt (spec 02 §2): the consent ('Enable delegated actions', 'Not now',
 * 'Accept') or the revocation ('Revoke permission', 'Deny', 'Confirm'). Agreeing runs the request,
 * then shows 'Success!' or 'Something went wrong' and closes by itself; declining ends at once.
 * @module
 */
import { useEffect, useRef, useState } from 'react'
import { porticoRecipes as r, porticoTokens as tk } from '../../../ui/styles'
import { BadgeGlyph, IconBadge } from '../../../ui/components/IconBadge'
import type { ScreenProps } from '../../../ui/context'
import { useOutcome } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { Button } from '../../../ui/components/Button'
import { Spinner } from '../../../ui/components/Spinner'
import { runDelegation, type DelegationRequest } from '../actions'

/** How long the outcome shows before the prompt closes by itself (ms). */
export const AUTO_CLOSE_MS = 1400

/** Params of the prompt. */
export interface PromptParams extends Record<string, unknown> {
  action: DelegationRequest['action']
  /** The wallet (for `revoke`, none: every delegated wallet). */
  address?: string
  /**
   * Told the failure before the prompt closes on it, so the call that opened the prompt rejects with
   * it. A function, not an object to fill: the kernel's store keeps its own copies of params' objects.
   */
  onFailure?: (error: unknown) => void
}

type Phase = 'prompt' | 'working' | 'success' | 'error'

/** A shield, the badge of both prompts. */
const SHIELD_PATH = 'M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6l7-3z M9 12l2 2 4-4'

const short = (address: string) => (address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address)

/**
 * The prompt.
 * @param props - screen props with {@link PromptParams}.
 * @returns the screen.
 * @example
 * ```ts
 * await ctx.step({ screen: 'delegated-actions/prompt', params: { action: 'delegate', address } })
 * ```
 */
export default function Prompt({ ctx, params, resolveStep, cancelStep }: ScreenProps<PromptParams>) {
  const t = ctx.t
  const [phase, setPhase] = useState<Phase>('prompt')
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const revoke = params.action === 'revoke'
  useOutcome(phase === 'success' || phase === 'error')
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current)
  }, [])

  const accept = async () => {
    setPhase('working')
    try {
      await runDelegation(ctx, { action: params.action, ...(params.address !== undefined ? { address: params.address } : {}) })
      setPhase('success')
      timer.current = setTimeout(resolveStep, AUTO_CLOSE_MS)
    } catch (error) {
      params.onFailure?.(error)
      setPhase('error')
      timer.current = setTimeout(cancelStep, AUTO_CLOSE_MS)
    }
  }

  if (phase === 'success') {
    return (
      <Screen
        icon="success"
        title={t('DELEGATED_ACTIONS_SUCCESS_TITLE')}
        subtitle={<span role="status">{t(revoke ? 'DELEGATED_ACTIONS_REVOKED' : 'DELEGATED_ACTIONS_DELEGATED')}</span>}
      />
    )
  }
  if (phase === 'error') {
    return <Screen icon="error" title={t('DELEGATED_ACTIONS_ERROR_TITLE')} subtitle={<span role="alert">{t('DELEGATED_ACTIONS_ERROR_SUBTITLE')}</span>} />
  }

  const app = ctx.config()?.name ?? ''
  const working = phase === 'working'
  return (
    <Screen
      icon={
        <IconBadge>
          <BadgeGlyph path={SHIELD_PATH} />
        </IconBadge>
      }
      title={t(revoke ? 'DELEGATED_ACTIONS_REVOKE_TITLE' : 'DELEGATED_ACTIONS_CONSENT_TITLE')}
      subtitle={t(revoke ? 'DELEGATED_ACTIONS_REVOKE_SUBTITLE' : 'DELEGATED_ACTIONS_CONSENT_SUBTITLE', { app: app || t('DELEGATED_ACTIONS_THIS_APP') })}
      footer={
        <>
          <p className={r.row} style={{ justifyContent: 'space-between', fontSize: 13 }}>
            <span className={r.muted} style={{ fontSize: 13 }}>
              {t('DELEGATED_ACTIONS_WALLET')}
            </span>
            <span title={params.address} style={{ fontFamily: params.address ? tk.fontMono : undefined, color: tk.fg }}>
              {params.address ? short(params.address) : t('DELEGATED_ACTIONS_ALL_WALLETS')}
            </span>
          </p>
          <Button onClick={() => void accept()} disabled={working}>
            {working ? (
              <span className={r.row} role="status" style={{ gap: 8 }}>
                <Spinner size={16} />
                {t('DELEGATED_ACTIONS_WORKING')}
              </span>
            ) : (
              t(revoke ? 'DELEGATED_ACTIONS_CONFIRM' : 'DELEGATED_ACTIONS_ACCEPT')
            )}
          </Button>
          <Button variant="secondary" onClick={cancelStep} disabled={working}>
            {t(revoke ? 'DELEGATED_ACTIONS_DENY' : 'DELEGATED_ACTIONS_NOT_NOW')}
          </Button>
        </>
      }
    />
  )
}
