/**
 * The frame page's configuration, written by the server into
 * `<meta name="portico-frame" content="{json}">`: the app id, the origins allowed to frame the page
 * and the API base URL for the frame's own calls.
 * @module
 */
import * as v from 'valibot'

/** A frame page's configuration. */
export interface FrameConfig {
  appId: string
  /** The app's allowed origins: the only parents the frame talks to. */
  allowedOrigins: string[]
  /** The API's base URL (the frame's own origin, plus any path prefix). */
  apiBase: string
}

const Origin = v.pipe(v.string(), v.url(), v.check((s) => new URL(s).origin === s, 'An allowed origin is a bare origin.'))

const FrameConfigSchema = v.object({
  appId: v.pipe(v.string(), v.minLength(1)),
  allowedOrigins: v.array(Origin),
  apiBase: v.pipe(v.string(), v.url()),
})

/**
 * Reads the page's configuration.
 * @param doc - the frame's document. @defaultValue document
 * @returns the configuration.
 * @throws Error when the page has no valid configuration (the frame then serves nothing).
 */
export function readFrameConfig(doc: Document = document): FrameConfig {
  const content = doc.querySelector('meta[name="portico-frame"]')?.getAttribute('content')
  if (!content) throw new Error('The wallet frame page has no portico-frame configuration.')
  const config = v.parse(FrameConfigSchema, JSON.parse(content))
  return { ...config, apiBase: config.apiBase.replace(/\/+$/, '') }
}
