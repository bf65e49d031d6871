/**
 * Small parts the embedded-wallet screens share: typed texts, glyphs, the password field with its
 * show toggle, the focus move when a screen changes its content in place, and the slow-wait notice.
 * @module
 */
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { GENERIC_ERROR_REACTION, type PluginContext } from '../../../kernel'
import type { ScreenContext } from '../../../ui/context'
import { porticoRecipes as r } from '../../../ui/styles'
import { Button } from '../../../ui/components/Button'
import { BadgeGlyph, IconBadge, type IconBadgeTone } from '../../../ui/components/IconBadge'
import { TextInput } from '../../../ui/components/TextInput'
import type { EmbeddedWalletScreenMessageKey } from './messages'

/** The screens' texts, with their keys checked. */
export type Texts = (key: EmbeddedWalletScreenMessageKey, values?: Record<string, string | number>) => string

/**
 * The text function of a screen, over its plugin context's `t`.
 * @param ctx - the screen's plugin context.
 * @returns the text function.
 */
export function textsOf(ctx: PluginContext): Texts {
  return (key, values) => ctx.t(key, values)
}

/**
 * The text of a failed operation: the error registry's, unless it has only its generic 'Try again
 * later' to say, which reads wrong above a Try again button; then spec 02 §8's 'An error has
 * occurred, please try again.'.
 * @param screen - the screen's context (its `resolveError`).
 * @param t - the screen's texts.
 * @param error - what the operation rejected with.
 * @returns the text.
 */
export function failureText(screen: Pick<ScreenContext, 'resolveError'>, t: Texts, error: unknown): string {
  const resolved = screen.resolveError(error)
  return resolved.reaction.message === GENERIC_ERROR_REACTION.message ? t('EMBEDDED_ERROR_OCCURRED') : resolved.message
}

/** The app's name, for 'Welcome to {app}' and the like. */
export function appName(ctx: PluginContext): string {
  return ctx.config()?.name ?? ''
}

/** Glyph paths (24-unit outline) of the screens' badges. */
export const GLYPHS = {
  wallet: 'M4 7a2 2 0 0 1 2-2h11a1 1 0 0 1 1 1v2M4 7v10a2 2 0 0 0 2 2h13a1 1 0 0 0 1-1v-9a1 1 0 0 0-1-1H6a2 2 0 0 1-2-2Zm12 6.5h.01',
  shield: 'M12 3 5 6v5c0 4.4 3 8.3 7 9.5 4-1.2 7-5.1 7-9.5V6l-7-3Z',
  shieldCheck: 'M12 3 5 6v5c0 4.4 3 8.3 7 9.5 4-1.2 7-5.1 7-9.5V6l-7-3Zm-3 9 2 2 4-4',
  key: 'M10.8 12.2 20 3m-3 3 2.5 2.5M14 9l2.5 2.5M12 15a4 4 0 1 1-8 0 4 4 0 0 1 8 0Z',
  pen: 'M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16v4Zm9.5-13.5 4 4',
  cloud: 'M7 18a4 4 0 0 1-.7-7.9A5.5 5.5 0 0 1 17 9a4.5 4.5 0 0 1 .5 9H7Z',
  question: 'M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3m.1 4h.01M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
  eye: 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Zm10 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z',
  eyeOff: 'M3 3l18 18M10.6 5.1A10 10 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-3.2 4M6.6 6.6A17 17 0 0 0 2 12s3.6 7 10 7a9.6 9.6 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2',
  copy: 'M9 9h10a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H9a1 1 0 0 1-1-1V10a1 1 0 0 1 1-1ZM5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1',
  download: 'M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 19h14',
  check: 'm5 12.5 4.5 4.5L19 7.5',
} as const

/**
 * A status badge with one of the {@link GLYPHS}.
 * @param props - the glyph, tone, busy ring, done check and diameter (64 px unless given).
 * @returns the badge.
 */
export function Badge({ glyph, tone = 'accent', busy, done, size = 64 }: { glyph: keyof typeof GLYPHS; tone?: IconBadgeTone; busy?: boolean; done?: boolean; size?: number }) {
  return (
    <IconBadge tone={tone} size={size} busy={busy ?? false} done={done ?? false}>
      <BadgeGlyph path={GLYPHS[glyph]} size={Math.round(size * 0.47)} />
    </IconBadge>
  )
}

/** A small inline glyph for a button (decorative). */
export function InlineGlyph({ glyph, size = 18 }: { glyph: keyof typeof GLYPHS; size?: number }) {
  return (
    <svg aria-hidden="true" width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <path d={GLYPHS[glyph]} />
    </svg>
  )
}

/** Props of {@link PasswordField}. */
export interface PasswordFieldProps {
  label: string
  /** The show toggle's accessible name ('Show password'); its pressed state says whether it shows. */
  showLabel: string
  value: string
  onChange: (value: string) => void
  onBlur?: () => void
  error?: string | null
  placeholder?: string
  autoComplete: 'new-password' | 'current-password'
  name?: string
  /** While a submission runs: the field keeps its value and the focus. */
  readOnly?: boolean
}

/**
 * A masked password input with a show toggle.
 * @param props - see {@link PasswordFieldProps}.
 * @returns the field.
 */
export function PasswordField({ label, showLabel, value, onChange, onBlur, error, placeholder, autoComplete, name = 'password', readOnly }: PasswordFieldProps) {
  const [shown, setShown] = useState(false)
  return (
    <TextInput
      label={label}
      name={name}
      type={shown ? 'text' : 'password'}
      value={value}
      placeholder={placeholder}
      autoComplete={autoComplete}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      readOnly={readOnly}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      error={error}
      trailing={
        <Button variant="ghost" size="sm" fullWidth={false} aria-label={showLabel} aria-pressed={shown} onClick={() => setShown((s) => !s)}>
          <InlineGlyph glyph={shown ? 'eyeOff' : 'eye'} />
        </Button>
      }
    />
  )
}

/**
 * Moves the focus when a screen changes its content in place (a wizard's next step, a result
 * replacing a form): to its first text field, else to its title, so keyboard and screen-reader
 * users land in the new content instead of on the page. Not on the first render: the modal
 * places the focus when it opens.
 * @param key - what changes the content (the step, the phase).
 * @returns the ref to put on the element that wraps the screen.
 */
export function useFocusOnChange<T extends HTMLElement>(key: unknown) {
  const ref = useRef<T>(null)
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    const root = ref.current
    if (!root) return
    const field = root.querySelector<HTMLInputElement>('input[type=password]:not([disabled]), input[type=text]:not([disabled])')
    if (field) return field.focus()
    const title = root.querySelector<HTMLElement>('h2')
    if (!title) return
    title.tabIndex = -1
    title.style.outline = 'none'
    title.focus()
  }, [key])
  return ref
}

/**
 * Puts the focus back in a field the user must retype (a wrong password, a confirmation that does
 * not match), its text selected, so typing replaces it.
 * @param form - the form that holds the field.
 * @param name - the field's name.
 */
export function retypeField(form: HTMLFormElement | null, name: string): void {
  const field = form?.querySelector<HTMLInputElement>(`input[name="${name}"]`)
  field?.focus()
  field?.select()
}

/** How long a wait lasts before the screen says it is still working. */
export const SLOW_WAIT_MS = 4000

/**
 * Whether a wait has lasted longer than {@link SLOW_WAIT_MS}.
 * @param ctx - the plugin context (its `sleep`).
 * @param waiting - whether the wait is on.
 * @returns true once the wait is slow, false again when it ends.
 */
export function useSlow(ctx: PluginContext, waiting: boolean): boolean {
  const [slow, setSlow] = useState(false)
  useEffect(() => {
    if (!waiting) {
      setSlow(false)
      return
    }
    let live = true
    void ctx.sleep(SLOW_WAIT_MS).then(() => live && setSlow(true))
    return () => {
      live = false
    }
  }, [ctx, waiting])
  return slow
}

/**
 * The line a long wait shows, read by screen readers when it appears.
 * @param props - whether the wait is slow, and the text.
 * @returns the status line: there but hidden and empty until the wait is slow, so the live region
 *   exists before its text and takes no room.
 */
export function SlowNotice({ slow, children }: { slow: boolean; children: ReactNode }) {
  return (
    <p role="status" className={slow ? r.status : r.srOnly}>
      {slow ? children : null}
    </p>
  )
}
