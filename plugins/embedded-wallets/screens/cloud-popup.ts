/**
 * The cloud storage's sign-in popup of 'Recovery via OAuth': opened blank inside the user's click
 * (a popup opened after an await is blocked), pointed at the sign-in page once the wallet frame
 * answered it, then watched until it is back on this page's origin with the code and state the
 * server returns (`privy_oauth_code`, `privy_oauth_state`), which are read from its address and the
 * popup closed. Only this page's origin is read (a cross-origin page cannot be), and only the state
 * the frame made is taken. The code is worthless to the page: only the frame can redeem it.
 * @module
 */
import { openCenteredWindow, PorticoError } from '../../../kernel'
import type { FrameCloudAuthorization } from '../../../protocols/wallet-frame'

/** How often the popup is looked at: soon enough to read its return before the page in it loads its scripts. */
export const CLOUD_POPUP_POLL_MS = 50
/** The popup's size. */
const SIZE = { width: 500, height: 640 } as const

/** A popup opened for a sign-in. */
export interface CloudPopup {
  /** Points the popup at the sign-in page and waits for its return; rejects when it is closed first. */
  signIn(url: string, stateCode: string): Promise<FrameCloudAuthorization>
  /** Closes the popup (a failure before the sign-in page was known). */
  close(): void
}

/** Where the storage's sign-in returns to: this page, without its query and fragment. */
export function cloudRedirectTarget(win: Window): string {
  return `${win.location.origin}${win.location.pathname}`
}

/**
 * Opens the popup blank, centred over the window. Call it synchronously inside the click.
 * @param win - the opener.
 * @returns the popup.
 * @throws a `PorticoError` `cloud_popup_blocked` when the browser blocked it.
 */
export function openCloudPopup(win: Window): CloudPopup {
  const popup = openCenteredWindow(win, 'about:blank', 'portico-cloud-recovery', SIZE)
  if (!popup) throw new PorticoError('The sign-in window was blocked', { code: 'cloud_popup_blocked' })
  const opened = popup
  return {
    close: () => opened.close(),
    signIn: (url, stateCode) =>
      new Promise<FrameCloudAuthorization>((resolve, reject) => {
        opened.location.href = url
        const poll = setInterval(() => {
          if (opened.closed) {
            clearInterval(poll)
            reject(new PorticoError('The sign-in window was closed', { code: 'cloud_popup_closed' }))
            return
          }
          let href: string
          try {
            // Readable only once the popup is back on this origin.
            if (opened.location.origin !== win.location.origin) return
            href = opened.location.href
          } catch {
            return
          }
          const returned = new URL(href)
          if (returned.searchParams.get('privy_oauth_state') !== stateCode) return
          clearInterval(poll)
          opened.close()
          // The server's failed round trip (`privy_oauth_error`) has no code: the frame refuses it.
          resolve({ code: returned.searchParams.get('privy_oauth_code') ?? '', state: stateCode })
        }, CLOUD_POPUP_POLL_MS)
      }),
  }
}
