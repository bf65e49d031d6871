/**
 * The popup stand-ins of the cross-app tests (jsdom): a window that records where the flow sends it,
 * `window.open` handing it out, and messages delivered as a browser delivers them.
 * @module
 */

/** A stand-in popup window. */
export interface FakePopup {
  closed: boolean
  /** How many times the flow focused it. */
  focused: number
  close(): void
  focus(): void
  location: { href: string }
}

/**
 * A stand-in popup: records where it was sent and how often it was focused.
 * @param onNavigate - runs each time the flow points it somewhere.
 * @returns the popup, at `about:blank`.
 */
export function fakePopup(onNavigate?: () => void): FakePopup {
  let href = 'about:blank'
  const popup: FakePopup = {
    closed: false,
    focused: 0,
    close() {
      popup.closed = true
    },
    focus() {
      popup.focused++
    },
    location: {
      get href() {
        return href
      },
      set href(v: string) {
        href = v
        onNavigate?.()
      },
    },
  }
  return popup
}

/**
 * The real jsdom window, whose `open` now hands out the stand-in popup.
 * @param popup - what `window.open` answers (null: a blocked popup).
 * @returns the window.
 */
export function windowWith(popup: FakePopup | null): Window {
  window.open = (() => popup) as unknown as typeof window.open
  return window
}

/**
 * Dispatches a message event on the window as a browser delivers it (jsdom's constructor refuses a
 * stand-in `source`).
 * @param data - the message.
 * @param origin - the sender's origin.
 * @param source - the sending window.
 */
export function postMessageFrom(data: unknown, origin: string, source: unknown): void {
  const event = new MessageEvent('message', { data, origin })
  Object.defineProperty(event, 'source', { value: source })
  window.dispatchEvent(event)
}

/** Puts the jsdom window back after a test: at `/`, with an empty session storage and no opener. */
export function resetWindow(): void {
  window.history.replaceState(null, '', '/')
  window.sessionStorage.clear()
  Object.defineProperty(window, 'opener', { value: null, configurable: true, writable: true })
}
