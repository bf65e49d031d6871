/**
 * A QR code drawn as SVG, dark on white in both themes (phone cameras read dark-on-light codes
 * best). The encoder (`uqr`) loads on first use, so a page that never shows a code never fetches it.
 * @module
 */
import { useEffect, useState } from 'react'
import { css } from '../../styled-system/css'
import { Spinner } from './Spinner'

/** Props of {@link QrCode}. */
export interface QrCodeProps {
  /** The text to encode; null while it is not known yet (the box shows `pendingLabel`). */
  value: string | null
  /** Accessible name of the code ('QR code to sign in with Farcaster'). */
  label: string
  /** Shown under a spinner while `value` is null ('Preparing…'). */
  pendingLabel?: string
  /** Side of the square in pixels. @defaultValue 240 */
  size?: number
  /** Error correction level (L, M, Q, H: more survives damage, the code gets denser). @defaultValue 'M' */
  ecc?: 'L' | 'M' | 'Q' | 'H'
}

const box = css({
  mx: 'auto',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '3',
  p: '2',
  borderRadius: '16px',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'border',
  overflow: 'hidden',
  color: 'fg.muted',
  fontSize: '14px',
  '&[data-ready]': { bg: 'white' },
  '& svg': { width: '100%', height: '100%', display: 'block' },
})

/**
 * Draws `value` as a QR code; the encoded text is also on the element's `data-value`.
 * @param props - value, label, pending label and size.
 * @returns the code (`role="img"`), or a status box while the value or the encoder is not there yet.
 * @example
 * ```tsx
 * import { QrCode } from 'portico/react/components'
 * <QrCode value={connectUri} label="QR code to sign in with Farcaster" pendingLabel="Preparing…" />
 * ```
 */
export function QrCode({ value, label, pendingLabel, size = 240, ecc = 'M' }: QrCodeProps) {
  const [drawn, setDrawn] = useState<{ value: string; svg: string } | null>(null)
  useEffect(() => {
    if (value === null) return
    let live = true
    void import('uqr').then(({ renderSVG }) => {
      if (live) setDrawn({ value, svg: renderSVG(value, { ecc, border: 2, blackColor: '#000000', whiteColor: '#ffffff' }) })
    })
    return () => {
      live = false
    }
  }, [value, ecc])
  const svg = drawn && drawn.value === value ? drawn.svg : null
  if (svg === null) {
    return (
      <div role="status" className={box} style={{ width: size, height: size }}>
        <Spinner size={20} />
        {pendingLabel ?? <span className={css({ srOnly: true })}>{label}</span>}
      </div>
    )
  }
  return (
    <div
      role="img"
      aria-label={label}
      data-value={value}
      data-ecc={ecc}
      data-ready=""
      className={box}
      style={{ width: size, height: size }}
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  )
}
