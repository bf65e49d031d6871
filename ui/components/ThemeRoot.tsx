/**
 * The element all Portico styles are scoped to: `.portico-root` with `data-theme` and the accent
 * colour as CSS variables.
 * @module
 */
import type { CSSProperties, ReactNode } from 'react'
import { cx } from '../../styled-system/css'

/** Props of {@link ThemeRoot}. */
export interface ThemeRootProps {
  /** @defaultValue 'light' */
  theme?: 'light' | 'dark' | undefined
  /** Accent colour (any CSS colour; hex gets a readable text colour computed). */
  accentColor?: string | undefined
  /** Corner radius of controls, a CSS length (the modal's is 5/3 of it). @defaultValue '12px' */
  radius?: string | undefined
  /** Font stack, a CSS `font-family` value. @defaultValue the system UI font */
  fontFamily?: string | undefined
  /** Writing direction of the texts inside (`rtl` for Arabic): logical styles and mirrored icons follow it. */
  dir?: 'ltr' | 'rtl' | undefined
  /** Language of the texts inside, a BCP 47 tag (for screen readers, fonts and hyphenation). */
  lang?: string | undefined
  children: ReactNode
  className?: string
}

/**
 * Picks black or white text for a hex background, by WCAG relative luminance.
 * @param hex - `#rgb` or `#rrggbb`.
 * @returns '#ffffff' or '#0b0c0f'; white when the colour is not hex.
 * @example
 * ```ts
 * import { readableOn } from 'portico/react/components'
 * readableOn('#ffcc00') // '#0b0c0f'
 * ```
 */
export function readableOn(hex: string): string {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim())
  if (!m) return '#ffffff'
  const h = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(h.slice(i, i + 2), 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  const lum = 0.2126 * r + 0.7152 * g + 0.0722 * b
  // Contrast with white is (1.05)/(lum+0.05); with near-black (lum+0.05)/0.05. Pick the larger.
  return 1.05 / (lum + 0.05) >= (lum + 0.05) / 0.0545 ? '#ffffff' : '#0b0c0f'
}

/**
 * Renders the themed root element: the theme's values become the CSS variables the tokens read
 * (`--portico-accent`, `--portico-accent-fg`, `--portico-radius`, `--portico-font`).
 * @param props - theme, accent colour, radius, font, children.
 * @returns the root element.
 * @example
 * ```tsx
 * import { ThemeRoot } from 'portico/react/components'
 * <ThemeRoot theme="dark" accentColor="#7c3aed">...</ThemeRoot>
 * ```
 */
export function ThemeRoot({ theme = 'light', accentColor, radius, fontFamily, dir, lang, children, className }: ThemeRootProps) {
  const vars: Record<string, string> = {}
  if (accentColor) Object.assign(vars, { '--portico-accent': accentColor, '--portico-accent-fg': readableOn(accentColor) })
  if (radius) vars['--portico-radius'] = radius
  if (fontFamily) vars['--portico-font'] = fontFamily
  const style = Object.keys(vars).length > 0 ? (vars as CSSProperties) : undefined
  return (
    <div className={cx('portico-root', className)} data-theme={theme} dir={dir} lang={lang} style={style}>
      {children}
    </div>
  )
}
