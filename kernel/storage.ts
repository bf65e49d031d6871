/**
 * Storage adapters for the session: localStorage in browsers, memory elsewhere and in tests.
 * Only primitives (raw strings) are stored, under the contract's `privy:*` keys.
 * @module
 */

/** A key/value store for primitives (localStorage in browsers, memory in tests). */
export interface StorageAdapter {
  get(key: string): string | null
  set(key: string, value: string): void
  remove(key: string): void
  /** Called when another tab changed a key (localStorage `storage` event); returns an unsubscribe. */
  subscribe?(listener: (key: string | null) => void): () => void
}

/** Storage key of the layout version of what Portico keeps in storage. */
export const STORAGE_VERSION_KEY = 'portico:storage-version'
/** The current storage layout version; bump it with a migration when keys or formats change. */
export const STORAGE_VERSION = 1

/**
 * Stamps the storage with the current layout version, migrating older layouts first.
 * Version 1 is the first layout, so an unstamped storage needs no migration yet.
 * @param storage - the adapter.
 * @returns the version found before stamping (null when unstamped).
 * @example
 * ```ts
 * import { createMemoryStorage, migrateStorage } from 'portico/kernel'
 * migrateStorage(createMemoryStorage()) // null
 * ```
 */
export function migrateStorage(storage: StorageAdapter): number | null {
  const raw = storage.get(STORAGE_VERSION_KEY)
  const found = raw === null ? null : Number(raw)
  if (found !== STORAGE_VERSION) storage.set(STORAGE_VERSION_KEY, String(STORAGE_VERSION))
  return found
}

/** A set of memory storages that behave like the localStorage of several tabs of one origin. */
export interface MemoryTabs {
  /** A new tab: shares the data; its writes notify the other tabs' subscribers, not its own. */
  tab(): StorageAdapter
  /** The shared data, for assertions. */
  readonly data: Map<string, string>
}

/**
 * Creates memory storages that share data and notify each other like localStorage `storage` events.
 * @returns the tab factory.
 * @example
 * ```ts
 * import { createMemoryTabs } from 'portico/kernel'
 * const tabs = createMemoryTabs()
 * const a = tabs.tab(), b = tabs.tab()
 * b.subscribe?.((key) => console.log('changed', key))
 * a.set('privy:token', 'x') // logs "changed privy:token"
 * ```
 */
export function createMemoryTabs(): MemoryTabs {
  const data = new Map<string, string>()
  const listeners = new Set<{ owner: object; fn: (key: string | null) => void }>()
  const notify = (owner: object, key: string) => {
    // Like the storage event, delivered asynchronously and only to the other tabs.
    queueMicrotask(() => {
      for (const l of listeners) if (l.owner !== owner) l.fn(key)
    })
  }
  return {
    data,
    tab() {
      const owner = {}
      return {
        get: (key) => data.get(key) ?? null,
        set(key, value) {
          data.set(key, value)
          notify(owner, key)
        },
        remove(key) {
          if (data.delete(key)) notify(owner, key)
        },
        subscribe(fn) {
          const entry = { owner, fn }
          listeners.add(entry)
          return () => listeners.delete(entry)
        },
      }
    },
  }
}

/**
 * Creates a storage adapter kept in memory (lost on reload).
 * @returns the adapter.
 * @example
 * ```ts
 * import { createPortico, createMemoryStorage } from 'portico/kernel'
 * const kernel = createPortico({ appId: 'abc', plugins: [], storage: createMemoryStorage() })
 * ```
 */
export function createMemoryStorage(): StorageAdapter {
  return createMemoryTabs().tab()
}

/**
 * Wraps `window.localStorage`; `subscribe` listens to `storage` events (other tabs' writes).
 * @param store - the Storage object. @defaultValue globalThis.localStorage
 * @returns the adapter.
 * @example
 * ```ts
 * import { createLocalStorage } from 'portico/kernel'
 * const storage = createLocalStorage()
 * ```
 */
export function createLocalStorage(store: Storage = globalThis.localStorage): StorageAdapter {
  return {
    get: (key) => store.getItem(key),
    set: (key, value) => store.setItem(key, value),
    remove: (key) => store.removeItem(key),
    subscribe(fn) {
      if (typeof window === 'undefined') return () => {}
      const onStorage = (event: StorageEvent) => {
        if (event.storageArea === null || event.storageArea === store) fn(event.key)
      }
      window.addEventListener('storage', onStorage)
      return () => window.removeEventListener('storage', onStorage)
    },
  }
}

/**
 * The default adapter: localStorage when it is usable (it throws in some private modes), else memory.
 * @returns the adapter.
 * @example
 * ```ts
 * import { defaultStorage } from 'portico/kernel'
 * const storage = defaultStorage()
 * ```
 */
export function defaultStorage(): StorageAdapter {
  try {
    const ls = globalThis.localStorage
    if (ls) {
      const probe = 'portico:probe'
      ls.setItem(probe, '1')
      ls.removeItem(probe)
      return createLocalStorage(ls)
    }
  } catch {
    // Storage disabled: fall through to memory.
  }
  return createMemoryStorage()
}
