/**
 * 'Confirm or edit amount' (`funding/amount`): the request's amount, editable (digits and at most
 * one decimal sign, the locale's: `12,5` in French), before the screen of a tile that asks for it
 * (`confirmAmount`). 'Continue' is enabled only when the amount parses to a number above 0; the tile
 * gets it in the canonical form (`12.5`).
 * @module
 */
import { useState, type FormEvent } from 'react'
import { useScreen } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { Button } from '../../../ui/components/Button'
import { ErrorText } from '../../../ui/components/ErrorText'
import { TextInput } from '../../../ui/components/TextInput'
import { acceptsDecimalInput, formatDecimalInput, parseDecimalInput } from '../../../ui/format'
import { assetSymbol } from '../assets'
import { findFunding } from '../hooks'
import { isFundableAmount } from '../request'

/** Params of the amount screen: the tile whose screen follows. */
export interface AmountParams extends Record<string, unknown> {
  method: string
}

/**
 * The amount screen.
 * @returns the screen.
 * @example
 * ```ts
 * // A tile asks for it; the core shows it before the tile's screen.
 * const tile = { id: 'card', method: 'card', label: 'MY_CARD_TILE', screen: 'my-card/pay', confirmAmount: true }
 * ```
 */
export default function Amount() {
  const { ctx, params } = useScreen<AmountParams>()
  const t = ctx.t
  const core = findFunding(ctx)
  const request = core?.current()?.request ?? null
  const locale = ctx.locale()
  const [text, setText] = useState(() => formatDecimalInput(request?.amount ?? '', locale))
  const [error, setError] = useState<string | null>(null)
  if (!core || !request) {
    return (
      <Screen title={t('FUNDING_AMOUNT_TITLE')} icon="error">
        <ErrorText center>{t('FUNDING_NO_FLOW')}</ErrorText>
      </Screen>
    )
  }
  const symbol = assetSymbol(request)
  const amount = parseDecimalInput(text, locale)
  const ok = amount !== null && isFundableAmount(amount)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!ok || amount === null) return
    try {
      core.confirmAmount(params.method, amount)
    } catch (err) {
      setError(ctx.resolveError(err).message)
    }
  }
  return (
    <Screen title={t('FUNDING_AMOUNT_TITLE')}>
      <form onSubmit={submit} style={{ display: 'flex', flexDirection: 'column', gap: '16px' }}>
        <TextInput
          label={symbol ? t('FUNDING_AMOUNT_LABEL', { symbol }) : t('FUNDING_AMOUNT_LABEL_PLAIN')}
          showLabel
          inputMode="decimal"
          autoComplete="off"
          autoFocus
          value={text}
          onChange={(e) => {
            if (acceptsDecimalInput(e.target.value, locale)) setText(e.target.value)
          }}
        />
        <ErrorText center>{error}</ErrorText>
        <Button type="submit" disabled={!ok}>
          {t('FUNDING_AMOUNT_CONTINUE')}
        </Button>
      </form>
    </Screen>
  )
}
