// @vitest-environment jsdom
/**
 * The screen layout's scrolling body (`scrollLabel`): a named, focusable region between the header
 * and the footer, marked where its content is cut off.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { Button } from './Button'
import { Screen } from './Screen'
import { ThemeRoot } from './ThemeRoot'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

afterEach(cleanup)

function renderScreen(scrollLabel?: string) {
  render(
    <ThemeRoot>
      <Screen title="Review" icon="lock" scrollLabel={scrollLabel} footer={<Button>Confirm</Button>}>
        <p>Details</p>
      </Screen>
    </ThemeRoot>,
  )
}

/** Gives the region a layout jsdom does not compute, then scrolls it to `top`. */
function scrollTo(region: HTMLElement, top: number, layout = { scrollHeight: 900, clientHeight: 300 }) {
  Object.defineProperty(region, 'scrollHeight', { configurable: true, value: layout.scrollHeight })
  Object.defineProperty(region, 'clientHeight', { configurable: true, value: layout.clientHeight })
  region.scrollTop = top
  fireEvent.scroll(region)
}

describe('Screen with a scrolling body', () => {
  it('default: without scrollLabel the body is no region and the footer follows it', () => {
    renderScreen()
    expect(screen.queryByRole('region')).toBeNull()
    expect(screen.getByText('Details').closest('footer')).toBeNull()
  })

  it('layout: the body is a focusable region named by scrollLabel, the header and the footer outside it', () => {
    renderScreen('Review details')
    const region = screen.getByRole('region', { name: 'Review details' })
    expect(region.tabIndex).toBe(0)
    expect(region.contains(screen.getByText('Details'))).toBe(true)
    expect(region.contains(screen.getByRole('heading', { name: 'Review' }))).toBe(false)
    const footer = screen.getByRole('button', { name: 'Confirm' }).closest('footer')!
    expect(footer).toBeTruthy()
    expect(region.contains(footer)).toBe(false)
  })

  it('behavior: the region is marked where content is cut off, above and below, as it scrolls', async () => {
    renderScreen('Review details')
    const region = screen.getByRole('region', { name: 'Review details' })
    await act(async () => scrollTo(region, 0))
    expect([region.hasAttribute('data-more-above'), region.hasAttribute('data-more-below')]).toEqual([false, true])
    await act(async () => scrollTo(region, 300))
    expect([region.hasAttribute('data-more-above'), region.hasAttribute('data-more-below')]).toEqual([true, true])
    await act(async () => scrollTo(region, 600))
    expect([region.hasAttribute('data-more-above'), region.hasAttribute('data-more-below')]).toEqual([true, false])
    // Content that fits is not marked.
    await act(async () => scrollTo(region, 0, { scrollHeight: 300, clientHeight: 300 }))
    expect([region.hasAttribute('data-more-above'), region.hasAttribute('data-more-below')]).toEqual([false, false])
  })
})

describe('Screen logo', () => {
  it('behavior: a logo URL that fails to load shows nothing: no image, no alt text', () => {
    render(
      <ThemeRoot>
        <Screen title="Log in or sign up" logo="http://127.0.0.1:9/missing.png" logoAlt="Acme" />
      </ThemeRoot>,
    )
    const img = screen.getByAltText('Acme')
    act(() => {
      fireEvent.error(img)
    })
    expect(screen.queryByAltText('Acme')).toBeNull()
    expect(screen.queryByText('Acme')).toBeNull()
    expect(screen.getByRole('heading', { name: 'Log in or sign up' })).toBeTruthy()
  })

  it('default: a logo that loads stays, with the app name as its alt text', () => {
    render(
      <ThemeRoot>
        <Screen title="Log in or sign up" logo="data:image/gif;base64,R0lGODlhAQABAAAAACw=" logoAlt="Acme" />
      </ThemeRoot>,
    )
    act(() => {
      fireEvent.load(screen.getByAltText('Acme'))
    })
    expect(screen.getByAltText('Acme')).toBeTruthy()
  })
})

