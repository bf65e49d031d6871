// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render } from '@testing-library/react'
import { mergeAppConfig } from '../kernel/config-merge'
import { makeAppResponse } from '../test/support/kernel-fixtures'
import { ThemeRoot } from './components/ThemeRoot'
import { darkTheme, lightTheme } from './theme'
import panda from '../panda.config'
import { porticoRecipes, porticoTokens } from './styles'
import { RECIPE_STYLES } from './recipe-styles'

afterEach(cleanup)

describe('lightTheme and darkTheme', () => {
  it('set the scheme, and only the options given', () => {
    expect(lightTheme()).toEqual({ theme: 'light' })
    expect(darkTheme({ accentColor: '#A78BFA', radius: '0px', fontFamily: 'Inter, sans-serif' })).toEqual({
      theme: 'dark',
      accentColor: '#A78BFA',
      radius: '0px',
      fontFamily: 'Inter, sans-serif',
    })
  })

  it("win over the server's theme and accent in the merged appearance, which keeps radius and font", () => {
    const server = makeAppResponse({ theme: 'light', accent_color: '#123456' })
    const merged = mergeAppConfig(server, { appearance: { ...darkTheme({ accentColor: '#ffcc00', radius: '4px', fontFamily: 'Inter' }), logo: '/l.svg' } })
    expect(merged.appearance).toMatchObject({ theme: 'dark', accentColor: '#ffcc00', radius: '4px', fontFamily: 'Inter', logo: '/l.svg' })
    // Left out, the app's accent stays.
    expect(mergeAppConfig(server, { appearance: lightTheme({ radius: '8px' }) }).appearance).toMatchObject({ theme: 'light', accentColor: '#123456' })
  })

  it('become the CSS variables the tokens read on the themed root', () => {
    const { container } = render(
      <ThemeRoot {...darkTheme({ accentColor: '#ffcc00', radius: '4px', fontFamily: 'Inter, sans-serif' })}>
        <p>hi</p>
      </ThemeRoot>,
    )
    const root = container.querySelector('.portico-root') as HTMLElement
    expect(root.dataset.theme).toBe('dark')
    expect(root.style.getPropertyValue('--portico-accent')).toBe('#ffcc00')
    expect(root.style.getPropertyValue('--portico-accent-fg')).toBe('#0b0c0f')
    expect(root.style.getPropertyValue('--portico-radius')).toBe('4px')
    expect(root.style.getPropertyValue('--portico-font')).toBe('Inter, sans-serif')
  })
})

describe('the public style surface', () => {
  const tokens = panda.theme?.extend
  /** The CSS variable Panda declares for a token path (`colors.fg.muted` → `--po-colors-fg-muted`; `DEFAULT` drops out). */
  function declaredVars(): Set<string> {
    const out = new Set<string>()
    const walk = (node: unknown, path: string[]) => {
      if (!node || typeof node !== 'object') return
      if ('value' in node) out.add(`--po-${path.filter((p) => p !== 'DEFAULT').join('-')}`)
      for (const [key, child] of Object.entries(node)) if (key !== 'value') walk(child, [...path, key])
    }
    walk(tokens?.tokens, [])
    walk(tokens?.semanticTokens, [])
    return out
  }

  it('names only CSS variables the design tokens declare', () => {
    const declared = declaredVars()
    for (const [name, ref] of Object.entries(porticoTokens)) {
      const variable = /^var\((--po-[a-z0-9-]+)\)$/.exec(ref)?.[1]
      expect(variable && declared.has(variable), `${name}: ${ref}`).toBe(true)
    }
  })

  it('ships every class recipe in the stylesheet, scoped to the modal root', () => {
    const global = panda.globalCss as Record<string, unknown>
    for (const className of Object.values(porticoRecipes)) {
      expect(RECIPE_STYLES[className], className).toBeDefined()
      expect(global[`.portico-root .${className}`], className).toBe(RECIPE_STYLES[className])
    }
    expect(Object.keys(RECIPE_STYLES).sort()).toEqual(Object.values(porticoRecipes).sort())
  })

  it('lets the theme set the radius and the font', () => {
    expect(JSON.stringify(tokens?.tokens?.radii)).toContain('var(--portico-radius')
    expect(JSON.stringify(tokens?.tokens?.fonts)).toContain('var(--portico-font')
  })
})
