/**
 * The window Coinbase Onramp opens in: opened blank from the user's click (so browsers allow it),
 * then sent to the signed URL once the server answers.
 * @module
 */

/** The provider window's size (spec §9: 440x680). */
export const COINBASE_POPUP_SIZE = { width: 440, height: 680 } as const

/**
 * Opens a blank, centred provider window from a click.
 * @param win - the opener.
 * @returns the window, or null when the browser blocked it.
 * @example
 * ```ts
 * const popup = openBlankPopup(window)
 * ```
 */
export function openBlankPopup(win: Window): Window | null {
  const { width, height } = COINBASE_POPUP_SIZE
  const left = Math.max(0, Math.round((win.screenX ?? 0) + ((win.outerWidth || width) - width) / 2))
  const top = Math.max(0, Math.round((win.screenY ?? 0) + ((win.outerHeight || height) - height) / 2))
  try {
    return win.open('about:blank', 'portico-coinbase', `popup=yes,width=${width},height=${height},left=${left},top=${top}`)
  } catch {
    return null
  }
}
