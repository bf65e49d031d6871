/**
 * The dialog frame: backdrop, focus trap, Escape and outside click (unless blocking), close and
 * back buttons, and the themed root every Portico style is scoped to. It sets the CSS variable
 * `--po-screen-max-height`, the height left to the screen inside it, which `Screen` keeps a
 * scrolling body within.
 * @module
 */
import { useId, useLayoutEffect, useRef, type ReactNode } from 'react'
import { Dialog } from '@ark-ui/react/dialog'
import { LocaleProvider } from '@ark-ui/react/locale'
import { css } from '../../styled-system/css'
import { ModalIdsContext } from './modal-context'
import { ThemeRoot, type ThemeRootProps } from './ThemeRoot'
import { deepActiveElement, focusTarget } from '../modal/focus'

/** Props of {@link Modal}. */
export interface ModalProps extends Omit<ThemeRootProps, 'children' | 'className'> {
  open: boolean
  /** Called when the user asks to close (Escape, outside click, close button). */
  onClose: () => void
  /** Shows the back button when set. */
  onBack?: (() => void) | undefined
  /** The screen cannot be closed: no close button, Escape and outside clicks do nothing. */
  blocking?: boolean
  /** aria-labels of the icon buttons. */
  labels: { close: string; back: string }
  children: ReactNode
}

const iconButton = css({
  position: 'absolute',
  top: '3',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '36px',
  height: '36px',
  borderRadius: 'full',
  bg: 'transparent',
  border: 'none',
  color: 'fg.subtle',
  cursor: 'pointer',
  transition: 'background-color 120ms ease, color 120ms ease',
  _hover: { bg: 'surface', color: 'fg' },
  _focusVisible: { outline: 'none', boxShadow: 'focus', color: 'fg' },
})

/**
 * Renders the modal frame around a screen.
 * @param props - open state, handlers, blocking flag, theme and labels.
 * @returns the dialog.
 * @example
 * ```tsx
 * import { Modal } from 'portico/react/components'
 * <Modal open onClose={close} labels={{ close: 'Close', back: 'Back' }} theme="dark">{screen}</Modal>
 * ```
 */
export function Modal({ open, onClose, onBack, blocking = false, labels, children, theme, accentColor, radius, fontFamily, dir, lang }: ModalProps) {
  const id = useId()
  const ids = { titleId: `po-modal-title-${id}`, descriptionId: `po-modal-desc-${id}` }
  const contentRef = useRef<HTMLDivElement>(null)
  // What had focus when the modal opened (the host's 'Log in' button): it gets focus back on close.
  const trigger = useRef<HTMLElement | null>(null)
  useLayoutEffect(() => {
    if (open && typeof document !== 'undefined') trigger.current = deepActiveElement(document) as HTMLElement | null
  }, [open])
  return (
    // Ark's parts take their direction from its locale (the dialog's `dir`, keyboard arrows).
    <LocaleProvider locale={lang ?? 'en-US'}>
      <Dialog.Root
        open={open}
        onOpenChange={(d) => {
          if (!d.open) onClose()
        }}
        ids={{ title: ids.titleId, description: ids.descriptionId }}
        closeOnEscape={!blocking}
        closeOnInteractOutside={!blocking}
        lazyMount
        unmountOnExit
        role={blocking ? 'alertdialog' : 'dialog'}
        // Focus the first field, else the screen's heading, else the dialog itself: a ring on the close
        // button or a link before the user touched the keyboard reads as a glitch.
        initialFocusEl={() => (contentRef.current ? (focusTarget(contentRef.current) ?? contentRef.current) : null)}
        finalFocusEl={() => (trigger.current?.isConnected ? trigger.current : null)}
      >
        <ThemeRoot theme={theme} accentColor={accentColor} radius={radius} fontFamily={fontFamily} dir={dir} lang={lang}>
          <Dialog.Backdrop
            className={css({
              position: 'fixed',
              inset: '0',
              bg: 'overlay',
              backdropFilter: 'blur(2px)',
              zIndex: '2147483000',
              _open: { animation: 'poFadeIn 160ms ease-out' },
              _closed: { animation: 'poFadeOut 120ms ease-in' },
            })}
          />
          <Dialog.Positioner
            className={css({
              position: 'fixed',
              inset: '0',
              zIndex: '2147483001',
              display: 'flex',
              alignItems: { base: 'flex-end', sm: 'center' },
              justifyContent: 'center',
              p: { base: '0', sm: '4' },
            })}
          >
            <Dialog.Content
              ref={contentRef}
              aria-labelledby={ids.titleId}
              className={css({
                position: 'relative',
                width: '100%',
                maxWidth: { base: '100%', sm: '400px' },
                maxHeight: { base: '92vh', sm: 'min(680px, 92vh)' },
                overflowY: 'auto',
                bg: 'bg',
                color: 'fg',
                borderRadius: { base: '20px 20px 0 0', sm: 'modal' },
                boxShadow: 'modal',
                borderWidth: '1px',
                borderStyle: 'solid',
                borderColor: 'border',
                px: { base: '5', sm: '6' },
                pt: '12',
                pb: { base: '8', sm: '6' },
                // The height a screen may take: the maximum above less the paddings (48 px, 32 / 24 px) and
                // borders. A screen with a scrolling body (`Screen`'s `scrollLabel`) stays within it.
                '--po-screen-max-height': { base: 'calc(92vh - 82px)', sm: 'calc(min(680px, 92vh) - 74px)' },
                outline: 'none',
                _open: { animation: 'poRise 200ms cubic-bezier(0.2, 0.9, 0.3, 1)' },
                _closed: { animation: 'poFadeOut 120ms ease-in' },
              })}
            >
              {onBack ? (
                <button type="button" aria-label={labels.back} onClick={onBack} className={iconButton} style={{ insetInlineStart: 12 }}>
                  <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className={css({ _rtl: { scale: '-1 1' } })}>
                    <path d="M15 18l-6-6 6-6" />
                  </svg>
                </button>
              ) : null}
              {!blocking ? (
                <Dialog.CloseTrigger aria-label={labels.close} className={iconButton} style={{ insetInlineEnd: 12 }}>
                  <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                    <path d="M6 6l12 12M18 6 6 18" />
                  </svg>
                </Dialog.CloseTrigger>
              ) : null}
              <ModalIdsContext.Provider value={ids}>{children}</ModalIdsContext.Provider>
            </Dialog.Content>
          </Dialog.Positioner>
        </ThemeRoot>
      </Dialog.Root>
    </LocaleProvider>
  )
}
