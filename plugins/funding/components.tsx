/**
 * Screen parts funding methods share: the waiting screen ({@link FundingProgress}), the failure
 * screen with 'Retry' and 'Choose another method' ({@link FundingFailed}), and the amount step of a
 * provider whose window must open inside the Continue click ({@link ProviderAmountStep}). Texts come
 * from the method's own message table; these parts hold none.
 * @module
 */
import { useState, type ReactNode } from 'react'
import { openCenteredWindow } from '../../kernel/popup'
import { Button } from '../../ui/components/Button'
import { ErrorText } from '../../ui/components/ErrorText'
import { Screen } from '../../ui/components/Screen'
import { Spinner } from '../../ui/components/Spinner'
import { TextInput } from '../../ui/components/TextInput'
import { porticoRecipes as r } from '../../ui/styles'
import { acceptsDecimalInput, formatDecimalInput, parseDecimalInput } from '../../ui/format'
import { isFundableAmount } from './request'

/** Props of {@link FundingProgress}. */
export interface FundingProgressProps {
  title: string
  subtitle?: string
  /** The spinner's accessible name. @defaultValue the subtitle, else the title */
  label?: string
  /** Buttons under the wait ('Open Coinbase again'). */
  footer?: ReactNode
}

/**
 * A funding method's waiting screen: a spinner above the title and subtitle.
 * @param props - title, subtitle, the spinner's label, a footer.
 * @returns the screen.
 * @example
 * ```tsx
 * import { FundingProgress } from 'portico/plugins/funding'
 * <FundingProgress title={t('VOUCHER_WAITING_TITLE')} subtitle={t('VOUCHER_WAITING_SUBTITLE')} />
 * ```
 */
export function FundingProgress({ title, subtitle, label, footer }: FundingProgressProps) {
  return <Screen title={title} subtitle={subtitle} icon={<Spinner size={40} label={label ?? subtitle ?? title} />} footer={footer} />
}

/** Props of {@link FundingFailed}. */
export interface FundingFailedProps {
  title: string
  /** The error's text. */
  error: string
  /** The retry button's text, and what it does. */
  retryLabel: string
  onRetry: () => void
  /** The 'Choose another method' button's text, and what it does (usually `flow.showMethods()`). */
  otherLabel: string
  onOther: () => void
}

/**
 * A funding method's failure screen: the error under an error icon, 'Retry' and 'Choose another method'.
 * @param props - title, error, the two buttons.
 * @returns the screen.
 * @example
 * ```tsx
 * import { FundingFailed } from 'portico/plugins/funding'
 * <FundingFailed title={t('VOUCHER_FAILED')} error={message} retryLabel={t('VOUCHER_RETRY')} onRetry={retry} otherLabel={t('VOUCHER_OTHER')} onOther={() => flow.showMethods()} />
 * ```
 */
export function FundingFailed({ title, error, retryLabel, onRetry, otherLabel, onOther }: FundingFailedProps) {
  return (
    <Screen
      icon="error"
      title={title}
      footer={
        <div className={r.stackTight}>
          <Button onClick={onRetry}>{retryLabel}</Button>
          <Button variant="secondary" onClick={onOther}>
            {otherLabel}
          </Button>
        </div>
      }
    >
      <ErrorText center>{error}</ErrorText>
    </Screen>
  )
}

/** A provider window's size (spec 02 §9: 440x680). */
export const PROVIDER_WINDOW_SIZE = { width: 440, height: 680 } as const

/**
 * Opens a blank, centred provider window; call it from the click itself, as browsers block windows
 * opened after an await.
 * @param win - the opener.
 * @param name - the window's name ('portico-moonpay').
 * @returns the window, or null when the browser blocked it.
 * @example
 * ```ts
 * import { openProviderWindow } from 'portico/plugins/funding'
 * const popup = openProviderWindow(window, 'portico-voucher')
 * ```
 */
export function openProviderWindow(win: Window, name: string): Window | null {
  return openCenteredWindow(win, 'about:blank', name, PROVIDER_WINDOW_SIZE)
}

/** Props of {@link ProviderAmountStep}. */
export interface ProviderAmountStepProps {
  title: string
  subtitle: string
  /** The amount field's label. */
  label: string
  continueLabel: string
  /** The text shown when the browser blocked the provider's window. */
  blockedText: string
  /** The provider window's name ('portico-moonpay'). */
  windowName: string
  /** The amount first shown (the request's, a canonical decimal). */
  initialAmount: string
  /** The locale whose decimal sign the field shows and takes (the screen's `ctx.locale()`). */
  locale: string
  /**
   * Called inside the Continue click with the provider's blank window, opened there so browsers
   * allow it, and the amount typed (a canonical decimal: `12.5` whatever the locale's sign).
   */
  onContinue: (popup: Window, amount: string) => void
}

/**
 * The amount step of a provider opened in a window: the amount field (amounts above 0), and
 * Continue, which opens the provider's blank window within the click and hands it over; a blocked
 * window shows `blockedText` and stays here.
 * @param props - texts, the window's name, the first amount, the continuation.
 * @returns the screen.
 * @example
 * ```tsx
 * import { ProviderAmountStep } from 'portico/plugins/funding'
 * <ProviderAmountStep title={t('VOUCHER_AMOUNT_TITLE')} subtitle={…} label={…} continueLabel={t('VOUCHER_CONTINUE')}
 *   blockedText={t('VOUCHER_POPUP_BLOCKED')} windowName="portico-voucher" initialAmount={request.amount ?? ''} locale={ctx.locale()}
 *   onContinue={(popup, amount) => start(popup, amount)} />
 * ```
 */
export function ProviderAmountStep({ title, subtitle, label, continueLabel, blockedText, windowName, initialAmount, locale, onContinue }: ProviderAmountStepProps) {
  // The field shows and takes the locale's decimal sign; `amount` is the canonical decimal ('' until valid).
  const [text, setText] = useState(() => formatDecimalInput(initialAmount, locale))
  const amount = parseDecimalInput(text, locale) ?? ''
  const [blocked, setBlocked] = useState(false)
  const start = () => {
    // Opened from the click itself, before any await: browsers block windows opened later.
    const popup = openProviderWindow(window, windowName)
    setBlocked(!popup)
    if (popup) onContinue(popup, amount)
  }
  return (
    <Screen
      title={title}
      subtitle={subtitle}
      footer={
        <Button onClick={start} disabled={!isFundableAmount(amount)}>
          {continueLabel}
        </Button>
      }
    >
      <TextInput
        label={label}
        showLabel
        inputMode="decimal"
        value={text}
        onChange={(e) => {
          if (acceptsDecimalInput(e.target.value, locale)) setText(e.target.value)
        }}
      />
      <ErrorText center>{blocked ? blockedText : null}</ErrorText>
    </Screen>
  )
}
