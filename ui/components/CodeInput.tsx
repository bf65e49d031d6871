/**
 * Six single-digit boxes for a one-time code, built on Ark's PinInput.
 *
 * Numeric only; pasting a whole code (spaces and dashes are ignored) fills every box; the sixth
 * digit submits. Texts come from the caller so the component stays free of any message table.
 * @module
 */
import { useId, useImperativeHandle, useRef, useState, type Ref } from 'react'
import { PinInput } from '@ark-ui/react/pin-input'
import { LocaleProvider } from '@ark-ui/react/locale'
import { css } from '../../styled-system/css'
import { ErrorText } from './ErrorText'

/** The texts {@link CodeInput} shows. */
export interface CodeInputMessages {
  /** Accessible label of the group. */
  label: string
  /** A pasted value with something other than digits. */
  notNumeric: string
  /** A typed character that is not a digit. */
  onlyNumbers: string
  /** A submit or paste that is not exactly `length` digits. */
  exactLength: string
}

/** What a parent can do to a {@link CodeInput}. */
export interface CodeInputHandle {
  /** Empties every box and focuses the first. */
  clear(): void
  focus(): void
}

/** Props of {@link CodeInput}. */
export interface CodeInputProps {
  messages: CodeInputMessages
  /** Called once all boxes hold a digit (typing the last one, or a paste). */
  onComplete: (code: string) => void
  /** An error from outside (server answer); replaces the validation text. */
  error?: string | null
  /** Called when the user edits, so a parent can drop its error. */
  onEdit?: () => void
  disabled?: boolean
  autoFocus?: boolean
  /** @defaultValue 6 */
  length?: number
  ref?: Ref<CodeInputHandle>
}

const box = css({
  width: '100%',
  maxWidth: '52px',
  aspectRatio: '0.86',
  minWidth: '0',
  textAlign: 'center',
  fontSize: '22px',
  fontWeight: '600',
  fontFamily: 'mono',
  color: 'fg',
  bg: 'bg',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'border.strong',
  borderRadius: 'control',
  outline: 'none',
  caretColor: 'accent',
  transition: 'border-color 120ms ease, box-shadow 120ms ease',
  // Not while focused: the hover rule comes later in the sheet and would hide the focus border under the pointer.
  '&:is(:hover, [data-hover]):not(:focus)': { borderColor: 'fg.subtle' },
  _focus: { borderColor: 'accent', boxShadow: '0 0 0 3px token(colors.accent.ring)' },
  _placeholder: { color: 'fg.subtle' },
  // Invalid: one red, focused too (not the accent ring around a red border).
  '&[data-invalid]': { borderColor: 'danger', _focus: { borderColor: 'danger', boxShadow: '0 0 0 1px token(colors.danger)' } },
  _disabled: { opacity: 0.6 },
})

/**
 * Renders the code boxes.
 * @param props - texts, completion callback, outside error.
 * @returns the code input.
 * @example
 * ```tsx
 * import { CodeInput } from 'portico/react/components'
 * <CodeInput
 *   messages={{ label: 'Code', notNumeric: 'Code should be numeric', onlyNumbers: 'Passcode can only be numbers', exactLength: 'Passcode must be exactly 6 numbers' }}
 *   onComplete={(code) => verify(code)}
 * />
 * ```
 */
export function CodeInput({ messages, onComplete, error, onEdit, disabled, autoFocus, length = 6, ref }: CodeInputProps) {
  const [value, setValue] = useState<string[]>(() => Array(length).fill(''))
  const [local, setLocal] = useState<string | null>(null)
  const rootRef = useRef<HTMLDivElement>(null)
  const id = useId()
  const errorId = `po-code-${id}-error`

  const focusFirst = () => {
    const first = rootRef.current?.querySelector('input:not([type=hidden])')
    if (first instanceof HTMLInputElement) first.focus()
  }
  useImperativeHandle(ref, () => ({
    clear() {
      setValue(Array(length).fill(''))
      setLocal(null)
      // The boxes re-render empty first; focus after that.
      queueMicrotask(focusFirst)
    },
    focus: focusFirst,
  }))

  const shown = error || local
  return (
    <div>
      {/* A code reads left to right in every language: the first digit in the first box. */}
      <LocaleProvider locale="en-US">
        <PinInput.Root
          ref={rootRef}
          count={length}
          type="numeric"
          otp
          placeholder=""
          value={value}
          disabled={disabled}
          autoFocus={autoFocus}
          invalid={!!shown}
          translations={{ inputLabel: (index, count) => `${messages.label} ${index + 1}/${count}` }}
          sanitizeValue={(v) => v.replace(/[\s-]/g, '')}
          onValueChange={(d) => {
            // Ark filters typed input through beforeinput; this also covers input paths that skip it.
            if (d.value.some((c) => c !== '' && !/^\d$/.test(c))) {
              setValue((v) => [...v])
              setLocal(messages.onlyNumbers)
              return
            }
            setValue(d.value)
            setLocal(null)
            onEdit?.()
          }}
          onValueInvalid={(d) => setLocal(d.value.length > 1 ? messages.notNumeric : messages.onlyNumbers)}
          onValueComplete={(d) => onComplete(d.valueAsString)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return
            const filled = value.filter(Boolean).length
            if (filled !== length) setLocal(messages.exactLength)
          }}
          onPasteCapture={(e) => {
            const raw = e.clipboardData.getData('text/plain').replace(/[\s-]/g, '')
            if (/^\d+$/.test(raw) && raw.length !== length && raw.length > 1) {
              e.preventDefault()
              e.stopPropagation()
              setLocal(messages.exactLength)
            }
          }}
        >
          <PinInput.Label className={css({ srOnly: true })}>{messages.label}</PinInput.Label>
          <PinInput.Control
            aria-describedby={shown ? errorId : undefined}
            className={css({ display: 'flex', justifyContent: 'center', gap: { base: '2', sm: '2.5' } })}
          >
            {Array.from({ length }, (_, i) => (
              <PinInput.Input key={i} index={i} className={box} inputMode="numeric" aria-describedby={shown ? errorId : undefined} />
            ))}
          </PinInput.Control>
          <PinInput.HiddenInput />
        </PinInput.Root>
      </LocaleProvider>
      <ErrorText id={errorId} center>
        {shown}
      </ErrorText>
    </div>
  )
}
