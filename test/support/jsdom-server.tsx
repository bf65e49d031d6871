/**
 * For jsdom tests that run kernels against the real reference server: its database, the kernels'
 * clean-up after each test, and the provider around a hook. Importing it marks the environment as
 * React's act environment.
 * @module
 */
import { afterEach } from 'vitest'
import { cleanup, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import type { Kernel } from '../../kernel/types'
import { PorticoProvider } from '../../ui/provider'
import { createPgliteDb } from '../../server/storage/pglite'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

/** An in-memory PGlite on the main thread: jsdom's `import.meta.url` is not a file URL, so PGlite's worker cannot start. */
export const mainThreadDb = () => createPgliteDb({ dataDir: 'memory', thread: 'main' })

/**
 * After each test, unmounts what React rendered and destroys every kernel passed to the returned
 * function. Call once at the top of a test file.
 * @returns `track(kernel)`, which returns the kernel.
 */
export function destroyKernelsAfterEach(): <K extends Kernel>(kernel: K) => K {
  const kernels: Kernel[] = []
  afterEach(() => {
    cleanup()
    for (const k of kernels.splice(0)) k.destroy()
  })
  return (kernel) => {
    kernels.push(kernel)
    return kernel
  }
}

/** Renders `hook` inside `<PorticoProvider kernel={kernel}>` (the modal included). */
export function renderWithKernel<T>(kernel: Kernel, hook: () => T) {
  const wrapper = ({ children }: { children: ReactNode }) => <PorticoProvider kernel={kernel}>{children}</PorticoProvider>
  return renderHook(hook, { wrapper })
}
