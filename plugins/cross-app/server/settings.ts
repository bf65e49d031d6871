/**
 * The cross-app plugin's app setting, both sides: the apps this one signs users in with, and
 * whether (and for whom) it provides accounts.
 * @module
 */
import * as v from 'valibot'
import { defineSetting, ID_PATTERN, readSetting, type ServerApp } from '../../../server'

/** Cross-app login, both sides: apps this one signs users in with, and whether it provides accounts. */
export interface CrossAppSettings {
  /** Provider app ids whose accounts this app's users may sign in with. @defaultValue [] */
  providerApps: string[]
  /** Whether other apps may sign their users in with this app's accounts. @defaultValue false */
  providerEnabled: boolean
  /** Requester app ids allowed to use this app as a provider; empty allows any. @defaultValue [] */
  allowedRequesters: string[]
  /** Requesters see addresses but may not ask for signatures or transactions. @defaultValue false */
  readOnly: boolean
  /**
   * The provider side's sign-in page for requesters: a page of this app that loads the widget with the
   * cross-app plugin. Null uses the app's first allowed origin. @defaultValue null
   */
  authorizeUrl: string | null
}

/**
 * `crossApp`: cross-app login, both sides. A patch names only the fields it changes
 * (`update: 'merge'`). @defaultValue no providers, not a provider
 * @example
 * ```ts
 * import { readSetting } from 'portico/server'
 * import { crossAppSetting } from 'portico/plugins/cross-app/server'
 * readSetting(app, crossAppSetting).providerEnabled
 * ```
 */
export const crossAppSetting = defineSetting<CrossAppSettings>({
  key: 'crossApp',
  schema: v.partial(
    v.strictObject({
      providerApps: v.array(v.pipe(v.string(), v.regex(ID_PATTERN, 'crossApp.providerApps holds app ids.'))),
      providerEnabled: v.boolean(),
      allowedRequesters: v.array(v.pipe(v.string(), v.regex(ID_PATTERN, 'crossApp.allowedRequesters holds app ids.'))),
      readOnly: v.boolean(),
      authorizeUrl: v.nullable(v.pipe(v.string(), v.url('Must be a URL.'))),
    }),
  ),
  default: { providerApps: [], providerEnabled: false, allowedRequesters: [], readOnly: false, authorizeUrl: null },
  update: 'merge',
})

/**
 * An app's cross-app settings, defaults filled in.
 * @param app - the app.
 * @returns its settings.
 * @example
 * ```ts
 * if (!crossAppOf(ctx.app).providerEnabled) throw notProvider()
 * ```
 */
export function crossAppOf(app: ServerApp): CrossAppSettings {
  return readSetting(app, crossAppSetting)
}
