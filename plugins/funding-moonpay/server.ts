/**
 * The MoonPay funding plugin, server half: `POST /api/v1/plugins/moonpay_on_ramp/sign` signs the
 * MoonPay widget URL with the app's secret key (sandbox or production), so the browser never holds
 * the secret and MoonPay accepts the wallet address the URL carries.
 * @module
 */
import { createHmac, randomUUID } from 'node:crypto'
import * as v from 'valibot'
import { defineServerPlugin, defineSetting, errors, readSetting, type ServerApp } from '../../server'
import { moonpayRoutes } from './api'
import { moonpaySchemas } from './schemas'

/** MoonPay's widget pages. */
export const MOONPAY_WIDGET_URLS = { production: 'https://buy.moonpay.com', sandbox: 'https://buy-sandbox.moonpay.com' } as const

/** One MoonPay key pair: the publishable key the URL carries and the secret key that signs it. */
export interface MoonpayKeys {
  /** The publishable key (`pk_live_…`, `pk_test_…`). */
  apiKey: string
  /** The secret key (`sk_live_…`, `sk_test_…`); sealed at rest, never sent to browsers. */
  secretKey: string
}

/** The app's MoonPay account: keys for production, for the sandbox, or both. */
export interface MoonpaySettings {
  production?: MoonpayKeys
  sandbox?: MoonpayKeys
}

const Keys = v.strictObject({
  apiKey: v.pipe(v.string(), v.regex(/^pk_[A-Za-z0-9_]{4,200}$/, 'moonpay apiKey must be a publishable key (pk_…).')),
  secretKey: v.pipe(v.string(), v.regex(/^sk_[A-Za-z0-9_]{4,200}$/, 'moonpay secretKey must be a secret key (sk_…).')),
})

/**
 * `moonpay`: the app's MoonPay keys, or null when the app has none (signing then answers
 * `feature_not_enabled`). The secret keys are sealed at rest and masked in the admin API.
 * @defaultValue null
 * @example
 * ```ts
 * import { readSetting } from 'portico/server'
 * import { moonpaySetting } from 'portico/plugins/funding-moonpay/server'
 * const keys = readSetting(app, moonpaySetting)?.production
 * ```
 */
export const moonpaySetting = defineSetting<MoonpaySettings | null>({
  key: 'moonpay',
  schema: v.nullable(v.strictObject({ production: v.optional(Keys), sandbox: v.optional(Keys) })),
  default: null,
  secrets: ['production.secretKey', 'sandbox.secretKey'],
})

/** Options of {@link fundingMoonpayServer}. */
export interface MoonpayServerOptions {
  /**
   * The widget pages the signed URLs point to. Tests point them at a stand-in.
   * @defaultValue {@link MOONPAY_WIDGET_URLS}
   */
  widgetUrls?: { production: string; sandbox: string }
}

/**
 * Signs a MoonPay widget URL the documented way: the signature is the base64 HMAC-SHA256 of the
 * URL's query string (with its leading `?`) under the secret key, appended as `signature`.
 * @param widgetUrl - the widget page.
 * @param params - the query parameters, in order.
 * @param secretKey - the app's secret key.
 * @returns the signed URL.
 * @example
 * ```ts
 * signMoonpayUrl('https://buy.moonpay.com', { apiKey: 'pk_test_x', currencyCode: 'eth' }, 'sk_test_y')
 * ```
 */
export function signMoonpayUrl(widgetUrl: string, params: Readonly<Record<string, string>>, secretKey: string): string {
  const url = new URL(widgetUrl)
  for (const [k, val] of Object.entries(params)) url.searchParams.set(k, val)
  const signature = createHmac('sha256', secretKey).update(url.search).digest('base64')
  url.searchParams.set('signature', signature)
  return url.toString()
}

function keysOf(app: ServerApp, sandbox: boolean): MoonpayKeys {
  const keys = readSetting(app, moonpaySetting)?.[sandbox ? 'sandbox' : 'production']
  if (!keys) throw errors.featureNotEnabled(`MoonPay ${sandbox ? 'sandbox' : 'production'} keys are not configured for this app.`)
  return keys
}

/**
 * The MoonPay plugin's server half.
 * @param options - the widget pages (tests use a stand-in).
 * @returns the server plugin.
 * @example
 * ```ts
 * import { createServer, createPgliteDb, DevInbox } from 'portico/server'
 * import { fundingMoonpayServer } from 'portico/plugins/funding-moonpay/server'
 * const server = await createServer({ db: await createPgliteDb(), mail: new DevInbox(), secret: 's', plugins: [fundingMoonpayServer()] })
 * ```
 */
export function fundingMoonpayServer(options: MoonpayServerOptions = {}) {
  const widgetUrls = options.widgetUrls ?? MOONPAY_WIDGET_URLS
  return defineServerPlugin({
    id: 'funding-moonpay',
    routes: moonpayRoutes,
    schemas: moonpaySchemas,
    settings: [moonpaySetting],
    handlers: {
      async sign(req, ctx) {
        await ctx.requireSession()
        const { address, useSandbox, config } = req.body
        const keys = keysOf(ctx.app, useSandbox)
        const externalTransactionId = randomUUID()
        const params: Record<string, string> = {
          apiKey: keys.apiKey,
          currencyCode: config.currencyCode,
          walletAddress: address,
          externalTransactionId,
        }
        if (config.quoteCurrencyAmount !== undefined) params.quoteCurrencyAmount = String(config.quoteCurrencyAmount)
        if (config.paymentMethod) params.paymentMethod = config.paymentMethod
        if (config.uiConfig?.accentColor) params.colorCode = config.uiConfig.accentColor
        if (config.uiConfig?.theme) params.theme = config.uiConfig.theme
        const signedUrl = signMoonpayUrl(useSandbox ? widgetUrls.sandbox : widgetUrls.production, params, keys.secretKey)
        return { signedUrl, externalTransactionId }
      },
    },
  })
}
