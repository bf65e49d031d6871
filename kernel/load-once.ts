/**
 * Loading a lazily imported part once.
 * @module
 */

/**
 * Wraps a loader so it runs once: every call shares its promise, and a load that failed (a chunk the
 * network lost) runs again on the next call.
 * @param load - the loader, typically a dynamic import and what is built from it.
 * @returns the shared loader.
 * @example
 * ```ts
 * const screen = loadOnce(() => import('./screens/Create'))
 * await screen() // imports once; later calls share it
 * ```
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null
  return () => {
    loading ??= load()
    loading.catch(() => {
      loading = null
    })
    return loading
  }
}
