/**
 * The bank-transfer method's screen: the amount (the request's, editable), then the transfer
 * reference. It reads the funding flow with `useFundingFlow()` and its own plugin context with
 * `useScreen()`; it never sees the kernel.
 * @module
 */
import { useState } from 'react'
import { acceptsDecimalInput, formatDecimalInput, parseDecimalInput, useScreen } from 'portico/react'
import { Button, ErrorText, Screen, TextInput } from 'portico/react/components'
import { isFundableAmount, useFundingFlow } from 'portico/plugins/funding'

/** A short form of an address: `0x71C7…976F`. */
const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

/** A reference a bank transfer carries; a real provider's server would issue it. */
const newReference = () => `PT-${crypto.getRandomValues(new Uint32Array(1))[0]!.toString(36).toUpperCase().padStart(7, '0')}`

/**
 * The screen.
 * @returns the screen.
 */
export default function BankTransferScreen() {
  const { ctx } = useScreen()
  const flow = useFundingFlow()
  const t = ctx.t
  const locale = ctx.locale()
  // The field shows and takes the locale's decimal sign (`12,5` in French); `amount` is the canonical
  // decimal the flow takes (`12.5`), '' until the field holds one.
  const [text, setText] = useState(() => formatDecimalInput(flow?.request.amount ?? '', locale))
  const amount = parseDecimalInput(text, locale) ?? ''
  const [reference, setReference] = useState<string | null>(null)

  // First: once completed, the flow is over (`useFundingFlow()` is null) while the success shows.
  if (reference) {
    return <Screen icon="success" title={t('BANK_TRANSFER_STARTED_TITLE')} subtitle={t('BANK_TRANSFER_STARTED_SUBTITLE', { reference })} />
  }
  if (!flow) {
    return (
      <Screen title={t('BANK_TRANSFER_TITLE')} icon="error">
        <ErrorText center>{t('BANK_TRANSFER_NO_FLOW')}</ErrorText>
      </Screen>
    )
  }

  const { request } = flow
  const symbol = request.asset === 'native-currency' ? (request.chain?.nativeCurrency.symbol ?? '') : request.asset === 'USDC' ? 'USDC' : 'tokens'
  const start = () => {
    const ref = newReference()
    setReference(ref)
    // The funding plugin resolves fundWallet and closes the modal after the success has shown.
    flow.complete({ status: 'submitted', amount, details: { reference: ref } })
  }
  return (
    <Screen
      title={t('BANK_TRANSFER_TITLE')}
      subtitle={t('BANK_TRANSFER_SUBTITLE', { address: short(request.address), network: request.chain?.name ?? '' })}
      footer={
        <Button onClick={start} disabled={!isFundableAmount(amount)}>
          {t('BANK_TRANSFER_CONTINUE')}
        </Button>
      }
    >
      <TextInput
        label={t('BANK_TRANSFER_AMOUNT', { symbol })}
        showLabel
        inputMode="decimal"
        value={text}
        onChange={(e) => {
          if (acceptsDecimalInput(e.target.value, locale)) setText(e.target.value)
        }}
      />
    </Screen>
  )
}
