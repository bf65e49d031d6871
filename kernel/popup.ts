/**
 * Opening a centred popup window, as the OAuth, cross-app, cloud-recovery and funding flows do: inside
 * the user's click (a window opened after an await is blocked), over the opener, at a given size.
 * @module
 */

/** A popup window's size in CSS pixels. */
export interface PopupSize {
  width: number
  height: number
}

/**
 * Opens a window centred over the opener (never off its screen's top-left edge).
 * @param win - the opener.
 * @param url - the first page (`about:blank` to point it elsewhere later).
 * @param name - the window's name (a second open with the same name reuses it).
 * @param size - its size.
 * @returns the window, or null when the browser blocked it.
 * @example
 * ```ts
 * import { openCenteredWindow } from 'portico/kernel'
 * button.onclick = () => openCenteredWindow(window, 'about:blank', 'portico-voucher', { width: 440, height: 680 })
 * ```
 */
export function openCenteredWindow(win: Window, url: string, name: string, size: PopupSize): Window | null {
  const { width, height } = size
  const left = Math.max(0, Math.round((win.screenX ?? 0) + ((win.outerWidth || width) - width) / 2))
  const top = Math.max(0, Math.round((win.screenY ?? 0) + ((win.outerHeight || height) - height) / 2))
  try {
    return win.open(url, name, `popup=yes,width=${width},height=${height},left=${left},top=${top}`)
  } catch {
    return null
  }
}
