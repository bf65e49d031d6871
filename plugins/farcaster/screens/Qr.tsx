/**
 * A QR code drawn as SVG; the encoder (`uqr`) is loaded on first use so it stays out of the initial bundle.
 * @module
 */
import { useEffect, useState } from 'react'
import { css } from '../../../styled-system/css'
import { Spinner } from '../../../ui/components/Spinner'

/**
 * Draws `value` as a QR code.
 * @param props - the text to encode and its accessible label.
 * @returns the QR code, or a spinner while the encoder loads.
 * @example
 * ```tsx
 * <QrCode value={connectUri} label="QR code to sign in with Farcaster" />
 * ```
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    void import('uqr').then(({ renderSVG }) => {
      // Black on white whatever the theme: phone cameras read dark-on-light codes best.
      if (live) setSvg(renderSVG(value, { border: 2, blackColor: '#000', whiteColor: '#fff' }))
    })
    return () => {
      live = false
    }
  }, [value])
  return (
    <div
      role="img"
      aria-label={label}
      data-connect-uri={value}
      className={css({
        width: '220px',
        height: '220px',
        mx: 'auto',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bg: 'white',
        borderRadius: 'md',
        borderWidth: '1px',
        borderColor: 'border',
        overflow: 'hidden',
        '& svg': { width: '100%', height: '100%' },
      })}
      dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
    >
      {svg ? undefined : <Spinner />}
    </div>
  )
}
