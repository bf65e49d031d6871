/**
 * The modal shell: renders the router's current screen (the top of `state.modal.stack`), loading
 * its module lazily through `kernel.screen(id).load()` and caching it.
 *
 * Screens receive their screen context (`ScreenContext`: the `PluginContext` of the plugin that
 * owns the screen, the id's prefix; params; navigation; the step they show) as props, and the same
 * object through `useScreen()`. They never receive the kernel.
 * @module
 */
import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react'
import { useSnapshot } from 'valtio'
import { EnvironmentProvider } from '@ark-ui/react/environment'
import { css } from '../../styled-system/css'
import type { Kernel } from '../../kernel/types'
import { BackHandlerSlot, type ScreenProps } from '../context'
import { Modal } from '../components/Modal'
import { Spinner } from '../components/Spinner'
import { useModalIds } from '../components/modal-context'
import { cachedScreen, loadScreen } from './screen-cache'
import { ScreenView, useStackScreenContext } from './screen-host'
import { useScreenFocus } from './focus'

export { loadScreen, preloadScreens } from './screen-cache'

/** Props of {@link PorticoModal}. */
export interface PorticoModalProps {
  kernel: Kernel
  /** Overrides the app's colour scheme. */
  theme?: 'light' | 'dark' | undefined
}

/** Renders one screen once its module is loaded; `depth` is the stack's length when it was shown. */
function ScreenHost({ kernel, id, params, depth }: { kernel: Kernel; id: string; params: Record<string, unknown>; depth: number }) {
  const [Component, setComponent] = useState<ComponentType<ScreenProps> | null>(() => cachedScreen(kernel, id) ?? null)
  const [failed, setFailed] = useState(false)
  const ids = useModalIds()
  const screen = useStackScreenContext(kernel, id, params, depth)
  const root = useRef<HTMLDivElement>(null)
  // Every screen shown takes focus (its first field, else its heading): keyboard and screen-reader
  // users land in it instead of on the page's <body>.
  useScreenFocus(root, Component !== null)
  useEffect(() => {
    let live = true
    const hit = cachedScreen(kernel, id)
    if (hit) {
      setComponent(() => hit)
      return
    }
    setComponent(null)
    loadScreen(kernel, id).then(
      (c) => live && setComponent(() => c),
      () => live && setFailed(true),
    )
    return () => {
      live = false
    }
  }, [kernel, id])
  if (!Component) {
    return (
      <div className={css({ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '240px' })}>
        {/* Keeps the dialog labelled while the screen loads; the spinner only draws it, so 'Loading' is said once. */}
        <h2 id={ids?.titleId} className={css({ srOnly: true })}>{kernel.t('PORTICO_UI_LOADING')}</h2>
        {failed ? (
          <p role="alert" className={css({ color: 'danger' })}>{kernel.t('PORTICO_GENERIC_TITLE')}</p>
        ) : (
          <Spinner size={28} />
        )}
      </div>
    )
  }
  return (
    <div ref={root} data-part="screen" className={css({ display: 'contents' })}>
      <ScreenView Component={Component} screen={screen} />
    </div>
  )
}

/**
 * The modal: open state, blocking flag, back and close follow the kernel's router; the back arrow
 * asks the shown screen's `useBackHandler` handler first, and is absent on the end of a flow (an
 * `outcome` screen, or a screen whose login or link is done).
 * @param props - the kernel and an optional theme override.
 * @returns the modal (nothing while closed).
 * @example
 * ```tsx
 * import { PorticoModal } from 'portico/react/components'
 * <PorticoModal kernel={kernel} theme="dark" />
 * ```
 */
export function PorticoModal({ kernel, theme }: PorticoModalProps) {
  const snap = useSnapshot(kernel.state)
  const stack = snap.modal.stack
  const top = stack[stack.length - 1]
  const definition = top ? kernel.screen(top.screen) : undefined
  const blocking = !!definition?.blocking
  // The end of a flow (an outcome screen, a screen showing its flow's end, or a screen whose login
  // or link is done) has no Back.
  const final = !!top && (!!top.settled || !!top.outcome || !!definition?.outcome)
  const appearance = snap.config?.appearance
  // The shown screen's own back handler (`useBackHandler`), asked before the modal goes back a screen.
  const [screenBack, setScreenBack] = useState<{ handle: () => boolean } | null>(null)
  const takeBack = useCallback((handle: () => boolean) => {
    const entry = { handle }
    setScreenBack(entry)
    return () => setScreenBack((current) => (current === entry ? null : current))
  }, [])
  const back = () => {
    if (!screenBack?.handle()) kernel.back()
  }
  return (
    <Modal
      open={snap.modal.open && !!top}
      blocking={blocking}
      onClose={() => kernel.closeModal()}
      onBack={(stack.length > 1 || screenBack) && !blocking && !final ? back : undefined}
      labels={{ close: kernel.t('PORTICO_CLOSE'), back: kernel.t('PORTICO_BACK') }}
      theme={theme ?? appearance?.theme}
      accentColor={appearance?.accentColor}
      radius={appearance?.radius}
      fontFamily={appearance?.fontFamily}
      dir={snap.locale.dir}
      lang={snap.locale.tag}
    >
      {top ? (
        <BackHandlerSlot.Provider value={takeBack}>
          <ScreenHost
            key={`${stack.length}:${top.screen}`}
            kernel={kernel}
            id={top.screen}
            params={top.params as Record<string, unknown>}
            depth={stack.length}
          />
        </BackHandlerSlot.Provider>
      ) : null}
    </Modal>
  )
}

/**
 * The modal with its environment: inside a shadow root, Ark UI's parts look up nodes there.
 * The provider loads this module lazily, so the dialog stack stays out of a host page's first load.
 * @param props - the modal's props and the shadow root it renders in, if any.
 * @returns the modal.
 * @example
 * ```tsx
 * const { ModalRoot } = await import('portico/react/components')
 * <ModalRoot kernel={kernel} shadow={null} />
 * ```
 */
export function ModalRoot({ shadow, ...props }: PorticoModalProps & { shadow: ShadowRoot | null }) {
  if (!shadow) return <PorticoModal {...props} />
  return (
    <EnvironmentProvider value={() => shadow}>
      <PorticoModal {...props} />
    </EnvironmentProvider>
  )
}
