/**
 * The removal confirmation of an MFA method (spec 02 §2): the method's own title and text, Remove
 * and Cancel. Remove verifies first when a method is enrolled (spec 02 §5), removes, and returns to
 * the screen before.
 * @module
 */
import { useState } from 'react'
import type { ScreenProps } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { Button } from '../../../ui/components/Button'
import { ErrorText } from '../../../ui/components/ErrorText'
import { porticoRecipes as r } from '../../../ui/styles'
import { mfaOf } from '../methods'
import { mfaErrorText } from './shared'

/** Params of the removal confirmation. */
export interface MfaRemoveParams extends Record<string, unknown> {
  /** The method's id (`sms`, `totp`, `passkey`). */
  method: string
}

/**
 * The removal confirmation.
 * @param props - screen props with {@link MfaRemoveParams}.
 * @returns the screen.
 * @example
 * ```ts
 * ctx.navigate('mfa/remove', { method: 'totp' })
 * ```
 */
export default function MfaRemove({ ctx, params, back }: ScreenProps<MfaRemoveParams>) {
  const t = ctx.t
  const mfa = mfaOf(ctx)
  const method = mfa.method(String(params.method))
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(method ? null : t('MFA_SOMETHING_WRONG'))

  async function remove() {
    if (!method) return
    setBusy(true)
    setError(null)
    try {
      await mfa.remove(method.id)
      back()
    } catch (e) {
      setError(mfaErrorText(ctx, e))
      setBusy(false)
    }
  }
  return (
    <Screen
      icon="warning"
      title={method ? t(method.removeTitle) : t('MFA_REMOVE')}
      subtitle={method ? t(method.removeBody) : undefined}
      footer={
        <div className={r.stackTight}>
          <Button loading={busy} disabled={!method} onClick={() => void remove()}>
            {t('MFA_REMOVE')}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={back}>
            {t('MFA_CANCEL')}
          </Button>
        </div>
      }
    >
      {error ? <ErrorText center>{error}</ErrorText> : null}
    </Screen>
  )
}
