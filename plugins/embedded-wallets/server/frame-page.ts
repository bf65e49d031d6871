/**
 * The wallet frame's pages, served on the API's origin: `GET /apps/:app_id/embedded-wallets` (the
 * hidden frame) and `…/export` (the export and import frame), each an HTML shell that loads its
 * built script (`wallet-frame/dist/`) from a content-hashed path, under a strict Content Security
 * Policy whose `frame-ancestors` are the app's allowed origins.
 * @module
 */
import { createHash } from 'node:crypto'
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { PageResponse, PageRoute, ServerApp } from '../../../server'

/** Where the built frame lives in this repository. */
export const DEFAULT_FRAME_DIST = join(import.meta.dirname, '..', '..', '..', 'wallet-frame', 'dist')

/** The path the frame's built files are served under (`<name>.<hash>.<ext>`). */
export const FRAME_ASSET_PATH = '/embedded-wallets/assets'

/** The built files the pages load, by name. */
const ASSETS = {
  frame: { file: 'frame.js', type: 'text/javascript; charset=utf-8' },
  export: { file: 'export.js', type: 'text/javascript; charset=utf-8' },
  style: { file: 'frame.css', type: 'text/css; charset=utf-8' },
} as const

type AssetName = keyof typeof ASSETS

interface Asset {
  /** The URL path, content-hashed (`/embedded-wallets/assets/frame.1a2b3c4d5e6f7a8b.js`). */
  path: string
  body: Uint8Array<ArrayBuffer>
  type: string
}

/** Headers every page and asset answer carries. */
const COMMON_HEADERS = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' }

/**
 * The built frame files of a folder, read when they change (a rebuild needs no restart).
 * @param dir - the `dist` folder.
 * @returns a reader: the asset by name, or null when it is not built.
 */
export function frameAssets(dir: string) {
  const cache = new Map<AssetName, { stamp: string; asset: Asset }>()
  return function asset(name: AssetName): Asset | null {
    const { file, type } = ASSETS[name]
    const full = join(dir, file)
    let stamp: string
    try {
      const st = statSync(full)
      stamp = `${st.mtimeMs}:${st.size}`
    } catch {
      cache.delete(name)
      return null
    }
    const hit = cache.get(name)
    if (hit?.stamp === stamp) return hit.asset
    const body = new Uint8Array(readFileSync(full))
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 16)
    const dot = file.lastIndexOf('.')
    const asset = { path: `${FRAME_ASSET_PATH}/${file.slice(0, dot)}.${hash}${file.slice(dot)}`, body, type }
    cache.set(name, { stamp, asset })
    return asset
  }
}

/**
 * The origins a page may be framed by, as CSP sources: each allowed origin that is a plain
 * http(s) origin (anything else could not be framed by a browser anyway), or `'none'`.
 * @param allowedOrigins - the app's allowed origins.
 * @returns the `frame-ancestors` sources.
 */
export function frameAncestors(allowedOrigins: readonly string[]): string {
  const ok = allowedOrigins.filter((o) => {
    try {
      const url = new URL(o)
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === o
    } catch {
      return false
    }
  })
  return ok.length > 0 ? ok.join(' ') : "'none'"
}

/**
 * The frame pages' Content Security Policy: scripts, styles and fetches from the API's own origin
 * only, nothing inline, framed only by the app's allowed origins.
 * @param allowedOrigins - the app's allowed origins.
 * @param connectSources - origins the frame may also fetch (a cloud storage's API). @defaultValue none
 * @returns the header value.
 * @example
 * ```ts
 * frameCsp(['https://app.example']) // "default-src 'none'; script-src 'self'; … frame-ancestors https://app.example; …"
 * ```
 */
export function frameCsp(allowedOrigins: readonly string[], connectSources: readonly string[] = []): string {
  const extra = connectSources.filter((o) => /^https?:\/\/[^\s;,'"]+$/.test(o))
  return [
    "default-src 'none'",
    "script-src 'self'",
    ["connect-src 'self'", ...extra].join(' '),
    "style-src 'self'",
    `frame-ancestors ${frameAncestors(allowedOrigins)}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ')
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

/** What {@link frameHtml} puts in a page. */
export interface FrameHtmlInput {
  appId: string
  /** The app's allowed origins: the parents the frame answers. */
  allowedOrigins: readonly string[]
  /** The API's base URL for the frame's own calls (its own origin, plus any path prefix). */
  apiBase: string
  /** The page's script (a content-hashed path). */
  scriptPath: string
  /** The page's stylesheet, when it has one. */
  stylePath?: string
  title: string
}

/**
 * A frame page's HTML: its configuration in `<meta name="portico-frame" content="{json}">` (the
 * frame reads it), its stylesheet and script by path. No inline script or style.
 * @param input - app, origins, API base, script, stylesheet and title.
 * @returns the document.
 */
export function frameHtml(input: FrameHtmlInput): string {
  const config = JSON.stringify({ appId: input.appId, allowedOrigins: input.allowedOrigins, apiBase: input.apiBase })
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(input.title)}</title>`,
    `<meta name="portico-frame" content="${escapeHtml(config)}">`,
    input.stylePath ? `<link rel="stylesheet" href="${escapeHtml(input.stylePath)}">` : '',
    '</head><body>',
    `<script src="${escapeHtml(input.scriptPath)}"></script>`,
    '</body></html>',
  ].join('')
}

const notBuilt = (file: string): PageResponse => ({
  status: 503,
  headers: { ...COMMON_HEADERS, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  body: `The wallet frame is not built (wallet-frame/dist/${file} is missing): run npm run build:frame.`,
})

/**
 * The frame pages and their assets, from a `dist` folder.
 * @param dir - the built frame's folder.
 * @param connectSources - per app, the origins the wallet frame may fetch besides the API's.
 * @returns the page routes.
 */
export function framePages(dir: string, connectSources?: (app: ServerApp) => readonly string[]): PageRoute[] {
  const asset = frameAssets(dir)
  const page = (script: AssetName, title: string, style: boolean): PageRoute['handler'] => (req, ctx) => {
    const app = ctx.app!
    const js = asset(script)
    if (!js) return notBuilt(ASSETS[script].file)
    const css = style ? asset('style') : null
    if (style && !css) return notBuilt(ASSETS.style.file)
    return {
      status: 200,
      headers: {
        ...COMMON_HEADERS,
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': frameCsp(app.allowedOrigins, script === 'frame' && connectSources ? connectSources(app) : []),
        'cache-control': 'no-store',
      },
      body: frameHtml({
        appId: app.id,
        allowedOrigins: app.allowedOrigins,
        apiBase: ctx.publicUrl ?? req.origin,
        scriptPath: js.path,
        stylePath: css?.path,
        title,
      }),
    }
  }
  return [
    { path: '/apps/:app_id/embedded-wallets', handler: page('frame', 'Wallet', false) },
    { path: '/apps/:app_id/embedded-wallets/export', handler: page('export', 'Wallet export', true) },
    {
      path: `${FRAME_ASSET_PATH}/:file`,
      handler(req) {
        const found = (Object.keys(ASSETS) as AssetName[]).map(asset).find((a) => a?.path === `${FRAME_ASSET_PATH}/${req.params.file}`)
        if (!found) {
          return { status: 404, headers: { ...COMMON_HEADERS, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }, body: 'Not found.' }
        }
        return {
          status: 200,
          headers: { ...COMMON_HEADERS, 'content-type': found.type, 'cache-control': 'public, max-age=31536000, immutable' },
          body: found.body,
        }
      },
    },
  ]
}
