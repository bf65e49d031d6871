/**
 * `PorticoProvider`: one kernel per provider, initialised on mount, with the modal mounted in a
 * portal (optionally inside a shadow root so the host page's CSS cannot reach it).
 * @module
 */
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import type * as ModalModuleType from './modal/PorticoModal'
import { createPortico } from '../kernel/kernel'
import type { Kernel, PorticoOptions, StorageAdapter } from '../kernel/types'
import type { PluginDefinition } from '../kernel/plugin'
import type { ClientConfig } from '../kernel/config'
import type { MessageOverrides } from '../kernel/locale'
import { KernelContext } from './context'
import { portico } from './plugin'

/** Options to mount the modal inside a shadow root. */
export interface ShadowOptions {
  /** URL of `portico.css`, linked inside the shadow root (the page's stylesheets do not reach it). */
  stylesheetHref?: string
  /** CSS text to put inside the shadow root instead of (or as well as) a link. */
  stylesheetText?: string
}

/** Props of {@link PorticoProvider}: kernel options, or a prebuilt `kernel`. */
export type PorticoProviderProps = {
  children?: ReactNode
  /** Overrides the app's colour scheme. */
  theme?: 'light' | 'dark'
  /** Mount the modal in a shadow root. @defaultValue false */
  shadow?: boolean | ShadowOptions
  /** Where the modal's host element is appended. @defaultValue document.body */
  container?: HTMLElement
  /**
   * The locale texts show in: a BCP 47 tag (`'fr'`), or `'auto'` to follow the browser's languages
   * (see `PorticoOptions.locale`). Changing it switches the modal's texts once they have loaded.
   * @defaultValue 'en'
   */
  locale?: string
} & (
  | {
      kernel: Kernel
      appId?: never
    }
  | {
      kernel?: never
      appId: string
      apiUrl?: string
      clientId?: string
      plugins: readonly PluginDefinition[]
      config?: ClientConfig
      storage?: StorageAdapter
      fetch?: typeof fetch
      /** Where the session lives: see `PorticoOptions.session`. @defaultValue 'tokens' */
      session?: 'tokens' | 'cookies'
      /** The host's own texts, per locale then per key: see `PorticoOptions.messages`. */
      messages?: MessageOverrides
    }
)

/**
 * Adds the built-in `portico` plugin (kernel screens) in front when the list lacks it.
 * @param plugins - the host's plugins.
 * @returns the list the kernel is created with.
 * @example
 * ```ts
 * import { withPorticoPlugin } from 'portico/react'
 * import { email } from 'portico/plugins/email'
 * createPortico({ appId, plugins: withPorticoPlugin([email()]) })
 * ```
 */
export function withPorticoPlugin(plugins: readonly PluginDefinition[]): PluginDefinition[] {
  return plugins.some((p) => p.id === 'portico') ? [...plugins] : [portico(), ...plugins]
}

function optionsOf(props: PorticoProviderProps): PorticoOptions {
  if (props.kernel) throw new Error('unreachable')
  const { appId, apiUrl, clientId, plugins, config, storage, fetch, session, locale, messages } = props
  return {
    appId,
    ...(locale !== undefined && { locale }),
    ...(messages !== undefined && { messages }),
    ...(session !== undefined && { session }),
    plugins: withPorticoPlugin(plugins),
    ...(apiUrl !== undefined && { apiUrl }),
    ...(clientId !== undefined && { clientId }),
    ...(config !== undefined && { config }),
    ...(storage !== undefined && { storage }),
    ...(fetch !== undefined && { fetch }),
  }
}

/** The element the modal is portalled into, and the shadow root around it when there is one. */
interface Mount {
  node: HTMLElement
  shadow: ShadowRoot | null
}

function useMount(shadow: PorticoProviderProps['shadow'], container: HTMLElement | undefined): Mount | null {
  const [mount, setMount] = useState<Mount | null>(null)
  const key = JSON.stringify(shadow ?? false)
  useEffect(() => {
    const parent = container ?? document.body
    const host = document.createElement('div')
    host.setAttribute('data-portico-host', '')
    parent.appendChild(host)
    if (!shadow) {
      setMount({ node: host, shadow: null })
    } else {
      const root = host.attachShadow({ mode: 'open' })
      const opts = typeof shadow === 'object' ? shadow : {}
      if (opts.stylesheetHref) {
        const link = document.createElement('link')
        link.rel = 'stylesheet'
        link.href = opts.stylesheetHref
        root.appendChild(link)
      }
      if (opts.stylesheetText) {
        const style = document.createElement('style')
        style.textContent = opts.stylesheetText
        root.appendChild(style)
      }
      const node = document.createElement('div')
      root.appendChild(node)
      setMount({ node, shadow: root })
    }
    return () => {
      host.remove()
      setMount(null)
    }
  }, [key, container])
  return mount
}

type ModalModule = typeof ModalModuleType
let modalModule: Promise<ModalModule> | null = null
/** The modal shell (Ark's dialog stack and the design system) loads on first need, once per page. */
const loadModal = (): Promise<ModalModule> => {
  modalModule ??= import('./modal/PorticoModal').catch((e: unknown) => {
    modalModule = null // let the next attempt retry
    throw e
  })
  return modalModule
}

/**
 * Loads the modal shell and the first screens, side by side, once the provider has mounted (after
 * the page's first paint, while the app configuration is still on its way), so a click opens the
 * modal without a chunk fetch: waiting for `ready`, then for the shell before the screens, left a
 * click soon after `ready` waiting on the network.
 */
function LazyModal({ kernel, theme, shadow }: { kernel: Kernel; theme?: 'light' | 'dark'; shadow: ShadowRoot | null }) {
  const [mod, setMod] = useState<ModalModule | null>(null)
  useEffect(() => {
    if (mod) return
    let live = true
    // The screens load next to the shell, not after it: one round of chunk fetches instead of two.
    import('./modal/screen-cache').then((m) => m.preloadScreens(kernel), () => undefined)
    loadModal().then(
      (m) => {
        if (live) setMod(m)
      },
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [mod, kernel])
  return mod ? <mod.ModalRoot kernel={kernel} theme={theme} shadow={shadow} /> : null
}

/**
 * Provides a Portico kernel to its children and renders the login modal.
 * @param props - kernel options (`appId`, `apiUrl`, `clientId`, `plugins`, `config`) or a prebuilt
 *   `kernel`; `theme`; `shadow` to isolate the modal in a shadow root.
 * @returns the provider.
 * @example
 * ```tsx
 * import { PorticoProvider } from 'portico/react'
 * import { email } from 'portico/plugins/email'
 * import 'portico/styles.css'
 *
 * <PorticoProvider appId="cm0abcdefghijklmnopqrstuv" apiUrl="http://localhost:8787" plugins={[email()]}>
 *   <App />
 * </PorticoProvider>
 * ```
 */
export function PorticoProvider(props: PorticoProviderProps) {
  const prebuilt = props.kernel
  // One kernel per provider; it is not recreated when props change identity on re-render.
  const [state, setState] = useState<{ kernel: Kernel; owned: boolean }>(() =>
    prebuilt ? { kernel: prebuilt, owned: false } : { kernel: createPortico(optionsOf(props)), owned: true },
  )
  const kernel = prebuilt ?? state.kernel
  const mount = useMount(props.shadow, props.container)

  // A locale the kernel was not created with (a prebuilt kernel's, or a change of the prop).
  const appliedLocale = useRef(prebuilt ? undefined : props.locale)
  useEffect(() => {
    if (props.locale === undefined || props.locale === appliedLocale.current) return
    appliedLocale.current = props.locale
    void kernel.setLocale(props.locale)
  }, [kernel, props.locale])

  useEffect(() => {
    // Errors land in state.configError; the landing screen shows them.
    kernel.init().catch(() => undefined)
  }, [kernel])

  useEffect(() => {
    if (!state.owned || prebuilt) return
    const owned = state.kernel
    let destroyed = false
    return () => {
      // StrictMode runs effects twice; a fresh kernel replaces the destroyed one on remount.
      destroyed = true
      owned.destroy()
      queueMicrotask(() => {
        if (destroyed) setState((s) => (s.kernel === owned ? { kernel: createPortico(optionsOf(props)), owned: true } : s))
      })
    }
  }, [state])

  return (
    <KernelContext.Provider value={kernel}>
      {props.children}
      {mount ? createPortal(<LazyModal kernel={kernel} theme={props.theme} shadow={mount.shadow} />, mount.node) : null}
    </KernelContext.Provider>
  )
}
