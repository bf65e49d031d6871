/**
 * Keyboard focus in the modal, kept by the shell for every screen: a screen that appears takes focus
 * (its first field, else its heading), and so does a screen whose focused element went away (a code
 * screen turning into its success state). Screens do nothing for it.
 * @module
 */
import { useEffect, type RefObject } from 'react'

const FIELD = 'input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled])'
const HEADING = 'h1, h2, h3, [role=heading]'

/**
 * The element that has focus, looked for through open shadow roots (the modal may live in one).
 * @param doc - the document.
 * @returns the innermost focused element, or null.
 * @internal
 */
export function deepActiveElement(doc: Document): Element | null {
  let active = doc.activeElement
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
  return active
}

/**
 * Where focus goes in a screen: its first enabled field, else its heading (made focusable from
 * script only, `tabindex=-1`, so it stays out of the Tab order).
 * @param root - the screen's element.
 * @returns the element to focus, or null when the screen has neither yet.
 * @internal
 */
export function focusTarget(root: HTMLElement): HTMLElement | null {
  const field = root.querySelector<HTMLElement>(FIELD)
  if (field) return field
  const heading = root.querySelector<HTMLElement>(HEADING)
  if (heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
  return heading
}

/**
 * Moves focus into the screen rendered in `root` when it appears, and again whenever the focused
 * element is removed while it shows (focus would otherwise fall to the page's `<body>`). Focus the
 * user put somewhere in the screen or on the modal's own buttons is left alone.
 * @param root - the element the screen renders in.
 * @param ready - whether the screen's component has rendered (false while its module loads).
 * @internal
 */
export function useScreenFocus(root: RefObject<HTMLElement | null>, ready: boolean): void {
  useEffect(() => {
    const el = root.current
    if (!el || !ready) return
    const doc = el.ownerDocument
    // The heading focus was put on while the screen had no field: a field that appears later (a
    // part loading after the screen) takes over, as long as focus has not moved since.
    let parkedOn: HTMLElement | null = null
    const move = () => {
      const target = focusTarget(el)
      if (!target || target.contains(deepActiveElement(doc))) return
      target.focus({ preventScroll: true })
      parkedOn = target.matches(HEADING) ? target : null
    }
    const active = deepActiveElement(doc)
    // A screen that focused one of its own elements (a code box) keeps it.
    if (!active || !el.contains(active)) move()
    const observer = new MutationObserver(() => {
      const now = deepActiveElement(doc)
      // Lost: on the body, or on a shadow host with nothing inside it focused.
      const lost = !now || now === doc.body || !!now.shadowRoot
      if (lost || (parkedOn !== null && now === parkedOn)) move()
    })
    observer.observe(el, { childList: true, subtree: true })
    return () => observer.disconnect()
  }, [root, ready])
}
