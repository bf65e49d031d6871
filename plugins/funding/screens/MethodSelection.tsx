/**
 * The method selection (`funding/methods`): 'Add funds to your … wallet' and the tiles the funding
 * plugins contribute for the open request, enabled by the app's options, available, in order.
 * A tile opens its method's screen. A method that failed comes back here with its error shown.
 * @module
 */
import { useMemo, useState } from 'react'
import { textOf } from '../../../kernel'
import { useScreen } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { ErrorText } from '../../../ui/components/ErrorText'
import { LoginMethodButton } from '../../../ui/components/LoginMethodButton'
import { findFunding } from '../hooks'
import type { FundingMethod } from '../types'

const listStyle = { display: 'flex', flexDirection: 'column', gap: '10px', listStyle: 'none', padding: 0, margin: 0 } as const

/**
 * The method selection screen.
 * @returns the screen.
 * @example
 * ```ts
 * // Opened by fundWallet; a method sends the user back here with flow.showMethods(error).
 * import { fundWallet } from 'portico/plugins/funding'
 * await fundWallet(kernel, address)
 * ```
 */
export default function MethodSelection() {
  const { ctx } = useScreen()
  const t = ctx.t
  const core = findFunding(ctx)
  const flow = core?.current() ?? null
  const request = flow?.request ?? null
  const [openError, setOpenError] = useState<string | null>(null)
  const methods = useMemo<FundingMethod[]>(() => (core && request ? core.methodsFor(request) : []), [core, request])
  const title = t('FUNDING_METHODS_TITLE', { app: ctx.config()?.name ?? '' })

  if (!core || !request) {
    return (
      <Screen title={title} icon="error">
        <ErrorText center>{t('FUNDING_NO_FLOW')}</ErrorText>
      </Screen>
    )
  }
  const open = (id: string) => {
    try {
      core.open(id)
    } catch (e) {
      setOpenError(ctx.resolveError(e).message)
    }
  }
  const error = openError ?? core.methodError()
  return (
    <Screen title={title}>
      <ul aria-label={t('FUNDING_METHODS_LIST_LABEL')} style={listStyle}>
        {methods.map((m) => (
          <li key={m.id}>
            <LoginMethodButton label={textOf(t, m.label)} icon={m.icon} onClick={() => open(m.id)} />
          </li>
        ))}
      </ul>
      {methods.length === 0 ? <ErrorText center>{t('FUNDING_NOT_ENABLED')}</ErrorText> : null}
      <ErrorText center>{error}</ErrorText>
    </Screen>
  )
}
