import { describe, expect, it, vi } from 'vitest'
import { openCenteredWindow } from './popup'

const opener = (open: Window['open'], at = { screenX: 100, screenY: 50, outerWidth: 1240, outerHeight: 880 }) => ({ ...at, open }) as unknown as Window

describe('openCenteredWindow', () => {
  it('opens the page at the size, centred over the opener', () => {
    const popup = {} as Window
    const open = vi.fn(() => popup)
    expect(openCenteredWindow(opener(open), 'https://idp.test/auth', 'portico-oauth', { width: 440, height: 680 })).toBe(popup)
    expect(open).toHaveBeenCalledWith('https://idp.test/auth', 'portico-oauth', 'popup=yes,width=440,height=680,left=500,top=150')
  })

  it('keeps the window on screen over a small opener, and answers null when the browser blocks it or open throws', () => {
    const open = vi.fn(() => null)
    expect(openCenteredWindow(opener(open, { screenX: 0, screenY: 0, outerWidth: 300, outerHeight: 400 }), 'about:blank', 'w', { width: 440, height: 680 })).toBeNull()
    expect(open).toHaveBeenCalledWith('about:blank', 'w', 'popup=yes,width=440,height=680,left=0,top=0')
    const throwing = vi.fn(() => {
      throw new Error('blocked by the sandbox')
    })
    expect(openCenteredWindow(opener(throwing), 'about:blank', 'w', { width: 440, height: 680 })).toBeNull()
  })
})
