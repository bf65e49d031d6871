/**
 * Created (`embedded-wallets/created`): 'Welcome to {app}' for a new user, 'All set!' otherwise.
 * It ends its step by itself after {@link CREATED_CLOSE_MS} (the modal then returns to where the
 * step was opened from, or closes). Blocking: closing it early would cancel the step.
 * @module
 */
import { useEffect } from 'react'
import type { ScreenProps } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { Badge, appName, textsOf } from './parts'

/** How long the created screen shows before it ends its step. Spec 02 leaves the value open. */
export const CREATED_CLOSE_MS = 1500

/** Params of the created screen. */
export interface CreatedParams extends Record<string, unknown> {
  /** The user has just signed up. */
  isNewUser?: boolean
}

/**
 * The created screen.
 * @param props - screen props with {@link CreatedParams}.
 * @returns the screen.
 * @example
 * ```ts
 * navigate(EMBEDDED_WALLET_SCREENS.created, { isNewUser: true }, { replace: true })
 * ```
 */
export default function Created({ ctx, params, resolveStep }: ScreenProps<CreatedParams>) {
  const t = textsOf(ctx)
  useEffect(() => {
    let live = true
    void ctx.sleep(CREATED_CLOSE_MS).then(() => live && resolveStep())
    return () => {
      live = false
    }
  }, [ctx, resolveStep])
  return (
    <Screen
      icon={<Badge glyph="wallet" tone="success" done />}
      title={params.isNewUser ? t('EMBEDDED_CREATED_NEW_TITLE', { app: appName(ctx) }) : t('EMBEDDED_CREATED_TITLE')}
      subtitle={t('EMBEDDED_CREATED_DETAIL')}
    />
  )
}
