/**
 * Panda CSS configuration of Portico's design system.
 *
 * The widget lives inside somebody else's page, so everything is isolated: class names and CSS
 * variables carry the `po` prefix, every rule sits in a `portico-*` cascade layer, the reset only
 * applies under `.portico-root`, and the theme variables are declared on that root, switched by its
 * `data-theme` attribute. `npm run prepare` generates `styled-system/`; `npm run css` writes the
 * static stylesheet `ui/dist/portico.css` that ships with the package.
 * @module
 */
import { defineConfig } from '@pandacss/dev'
import { RECIPE_STYLES } from './ui/recipe-styles'

/** The accent colour comes from the app configuration at run time, so it is a plain CSS variable. */
const accent = 'var(--portico-accent, #4f46e5)'
/** The control radius and the font come from the theme too (`lightTheme({ radius, fontFamily })`). */
const radius = 'var(--portico-radius, 12px)'
const font =
  'var(--portico-font, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif)'

/** The public class recipes (`porticoRecipes`), scoped to the root so they cannot touch the host page. */
const recipes = Object.fromEntries(Object.entries(RECIPE_STYLES).map(([name, style]) => [`.portico-root .${name}`, style]))

export default defineConfig({
  preflight: { scope: '.portico-root' },
  // Plugins style their screens with the public surface (components and recipes), never with Panda.
  include: ['./ui/**/*.{ts,tsx}'],
  exclude: ['./ui/dist/**', './ui/**/*.test.{ts,tsx}'],
  outdir: 'styled-system',
  // Plain .js so every bundler resolves `styled-system/css` (esbuild does not try .mjs indexes).
  outExtension: 'js',
  prefix: 'po',
  // Host pages declare their own layers; ours are namespaced so the two orders never mix.
  layers: {
    reset: 'portico-reset',
    base: 'portico-base',
    tokens: 'portico-tokens',
    recipes: 'portico-recipes',
    utilities: 'portico-utilities',
  },
  cssVarRoot: '.portico-root',
  conditions: {
    extend: {
      // The theme attribute sits on the root itself; nested roots (shadow DOM) inherit it.
      dark: '&[data-theme=dark], [data-theme=dark] &',
      light: '&[data-theme=light], [data-theme=light] &',
    },
  },
  globalCss: {
    '.portico-root': {
      fontFamily: 'body',
      color: 'fg',
      fontSize: '15px',
      lineHeight: '1.45',
      WebkitFontSmoothing: 'antialiased',
      colorScheme: 'light',
      '&[data-theme=dark]': { colorScheme: 'dark' },
    },
    ...recipes,
  },
  theme: {
    extend: {
      tokens: {
        fonts: {
          body: { value: font },
          mono: { value: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
        },
        radii: {
          control: { value: radius },
          // 20 px at the default 12 px: the modal's corners follow the theme's radius (0 stays square).
          modal: { value: `calc(${radius} * 5 / 3)` },
        },
        shadows: {
          modal: { value: '0 24px 64px -12px rgba(16, 24, 40, 0.28), 0 4px 12px rgba(16, 24, 40, 0.08)' },
          // The keyboard focus ring of buttons, tiles and scroll regions: a 2 px gap in the background colour,
          // then 2 px of the accent as text uses it (lifted on dark), at least 3:1 against the background.
          focus: { value: '0 0 0 2px {colors.bg}, 0 0 0 4px {colors.accent.text}' },
        },
        durations: { fast: { value: '120ms' } },
      },
      semanticTokens: {
        colors: {
          accent: {
            DEFAULT: { value: accent },
            hover: { value: `color-mix(in srgb, ${accent} 86%, black)` },
            subtle: { value: { base: `color-mix(in srgb, ${accent} 12%, transparent)`, _dark: `color-mix(in srgb, ${accent} 24%, transparent)` } },
            fg: { value: 'var(--portico-accent-fg, #ffffff)' },
            ring: { value: `color-mix(in srgb, ${accent} 45%, transparent)` },
            // Accent used as text or icon colour: lifted on dark backgrounds so it stays legible.
            text: { value: { base: accent, _dark: `color-mix(in srgb, ${accent} 62%, white)` } },
          },
          bg: { value: { base: '#ffffff', _dark: '#16171b' } },
          surface: {
            DEFAULT: { value: { base: '#f5f6f8', _dark: '#202228' } },
            hover: { value: { base: '#eceef2', _dark: '#292c33' } },
          },
          border: {
            DEFAULT: { value: { base: '#e2e5ea', _dark: '#2e3139' } },
            strong: { value: { base: '#c9ced6', _dark: '#454a55' } },
          },
          fg: {
            DEFAULT: { value: { base: '#101218', _dark: '#f4f5f7' } },
            muted: { value: { base: '#545c6a', _dark: '#a8afba' } },
            subtle: { value: { base: '#6b7380', _dark: '#8e96a3' } },
          },
          danger: {
            DEFAULT: { value: { base: '#c4320a', _dark: '#ff8a7a' } },
            subtle: { value: { base: '#fef3f2', _dark: 'rgba(255, 138, 122, 0.12)' } },
          },
          success: {
            DEFAULT: { value: { base: '#067647', _dark: '#47cd89' } },
            subtle: { value: { base: '#ecfdf3', _dark: 'rgba(71, 205, 137, 0.14)' } },
          },
          overlay: { value: { base: 'rgba(16, 18, 24, 0.48)', _dark: 'rgba(0, 0, 0, 0.66)' } },
        },
      },
      keyframes: {
        poSpin: { to: { transform: 'rotate(360deg)' } },
        poFadeIn: { from: { opacity: '0' }, to: { opacity: '1' } },
        poFadeOut: { from: { opacity: '1' }, to: { opacity: '0' } },
        poRise: {
          from: { opacity: '0', transform: 'translateY(12px) scale(0.98)' },
          to: { opacity: '1', transform: 'translateY(0) scale(1)' },
        },
      },
    },
  },
})
