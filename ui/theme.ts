/**
 * Theme objects for the provider's appearance configuration: light or dark, with an accent colour,
 * a radius and a font.
 * @module
 */
import type { AppearanceConfig } from '../kernel/config'

/** Options of {@link lightTheme} and {@link darkTheme}. */
export interface ThemeOptions {
  /** Accent colour, any CSS colour (hex gets a readable text colour computed). @defaultValue the app's, else indigo '#4F46E5' */
  accentColor?: string
  /** Corner radius of controls, a CSS length; '0px' for square corners. @defaultValue '12px' */
  radius?: string
  /** Font stack, a CSS `font-family` value (load the font in the page yourself). @defaultValue the system UI font */
  fontFamily?: string
}

/** A theme: the part of the appearance configuration it sets. */
export type PorticoTheme = Required<Pick<AppearanceConfig, 'theme'>> & Pick<AppearanceConfig, 'accentColor' | 'radius' | 'fontFamily'>

function theme(scheme: 'light' | 'dark', options: ThemeOptions): PorticoTheme {
  const out: PorticoTheme = { theme: scheme }
  if (options.accentColor) out.accentColor = options.accentColor
  if (options.radius) out.radius = options.radius
  if (options.fontFamily) out.fontFamily = options.fontFamily
  return out
}

/**
 * A light theme for `config.appearance`: spread it, then add other appearance options.
 * @param options - accent colour, radius, font; each left out keeps the app's or the default.
 * @returns the appearance fields it sets.
 * @example
 * ```tsx
 * import { PorticoProvider, lightTheme } from 'portico/react'
 * <PorticoProvider appId="..." plugins={plugins} config={{ appearance: { ...lightTheme({ accentColor: '#0E7490', radius: '6px' }), logo: '/logo.svg' } }} />
 * ```
 */
export function lightTheme(options: ThemeOptions = {}): PorticoTheme {
  return theme('light', options)
}

/**
 * A dark theme for `config.appearance`: spread it, then add other appearance options.
 * @param options - accent colour, radius, font; each left out keeps the app's or the default.
 * @returns the appearance fields it sets.
 * @example
 * ```tsx
 * import { PorticoProvider, darkTheme } from 'portico/react'
 * <PorticoProvider appId="..." plugins={plugins} config={{ appearance: darkTheme({ accentColor: '#A78BFA', fontFamily: 'Inter, sans-serif' }) }} />
 * ```
 */
export function darkTheme(options: ThemeOptions = {}): PorticoTheme {
  return theme('dark', options)
}
