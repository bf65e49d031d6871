/**
 * The frame page's configuration, written by the server into
 * `<meta name="portico-frame" content="{json}">`: the app id, the origins allowed to frame the page
 * and the API base URL for the frame's own calls.
 * @module
 */

/** A frame page's configuration. */
export interface FrameConfig {
  appId: string
  /** The app's allowed origins: the only parents the frame talks to. */
  allowedOrigins: string[]
  /** The API's base URL (the frame's own origin, plus any path prefix). */
  apiBase: string
}

/** Whether a value is a bare origin (`https://app.example`), as the app's allowed origins are. */
const isOrigin = (value: unknown): value is string => {
  try {
    return typeof value === 'string' && new URL(value).origin === value
  } catch {
    return false
  }
}

/**
 * Reads the page's configuration.
 * @param doc - the frame's document. @defaultValue document
 * @returns the configuration.
 * @throws Error when the page has no valid configuration (the frame then serves nothing).
 */
export function readFrameConfig(doc: Document = document): FrameConfig {
  const content = doc.querySelector('meta[name="portico-frame"]')?.getAttribute('content')
  const config = JSON.parse(content ?? 'null') as Partial<FrameConfig> | null
  const apiBase = typeof config?.apiBase === 'string' ? config.apiBase.replace(/\/+$/, '') : ''
  if (
    !config ||
    typeof config.appId !== 'string' ||
    config.appId === '' ||
    !Array.isArray(config.allowedOrigins) ||
    !config.allowedOrigins.every(isOrigin) ||
    !/^https?:\/\/[^/]+/.test(apiBase)
  ) {
    throw new Error('The wallet frame page has no valid portico-frame configuration.')
  }
  return { appId: config.appId, allowedOrigins: config.allowedOrigins, apiBase }
}
