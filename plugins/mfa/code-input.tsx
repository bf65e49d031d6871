/**
 * The 6-digit code boxes of every MFA code step (verification, SMS and authenticator-app enrolment),
 * with the MFA texts (spec 02 'Multi-factor': 'Passcode can only be numbers', 'Passcode must be
 * exactly 6 numbers').
 * @module
 */
import type { PluginContext } from '../../kernel'
import { CodeInput, type CodeInputProps } from '../../ui/components/CodeInput'

/** Props of {@link MfaCodeInput}: those of `CodeInput` but its texts, and the screen's context. */
export interface MfaCodeInputProps extends Omit<CodeInputProps, 'messages' | 'length'> {
  /** The screen's context (its `t` gives the MFA texts). */
  ctx: PluginContext
}

/**
 * The MFA code boxes: `CodeInput` with the MFA texts, six digits.
 * @param props - the screen's context and the boxes' props (`onComplete`, `error`, `ref`…).
 * @returns the boxes.
 * @example
 * ```tsx
 * import { MfaCodeInput } from 'portico/plugins/mfa'
 * <MfaCodeInput ctx={ctx} ref={codeRef} error={error} onEdit={() => setError(null)} onComplete={(code) => void enroll(code)} />
 * ```
 */
export function MfaCodeInput({ ctx, ...props }: MfaCodeInputProps) {
  const t = ctx.t
  return (
    <CodeInput
      {...props}
      messages={{ label: t('MFA_CODE_LABEL'), notNumeric: t('MFA_ONLY_NUMBERS'), onlyNumbers: t('MFA_ONLY_NUMBERS'), exactLength: t('MFA_EXACT_LENGTH') }}
    />
  )
}
