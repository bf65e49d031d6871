/**
 * The Telegram login, client half: a landing row that opens Telegram's Login Widget window, the
 * widget's redirect return, and the automatic login inside a Telegram Mini App.
 * @module
 */
import { definePlugin, type ScreenDefinition } from '../../kernel/plugin'
import { telegramRoutes } from './api'
import { TELEGRAM_ERRORS } from './errors'
import { telegramMessages } from './messages/en'
import { TELEGRAM_ICON } from './icon'
import { TELEGRAM_WIDGET_SCRIPT_URL } from './client/script'
import { handleMiniApp, handleTelegramReturn, initialTelegramState, type TelegramState } from './client/flow'

export { TELEGRAM_ERRORS, TELEGRAM_CLIENT_CODES, type TelegramErrorCode } from './errors'
export { telegramMessages, type TelegramMessageKey } from './messages/en'
export { telegramRoutes } from './api'
export { TELEGRAM_ICON, TELEGRAM_BLUE } from './icon'
export {
  TELEGRAM_WIDGET_SCRIPT_URL,
  loadTelegramWidget,
  requestTelegramUser,
  type TelegramLoginGlobal,
  type TelegramWindow,
} from './client/script'
export {
  TELEGRAM_QUERY_PARAMS,
  readTelegramReturn,
  stripTelegramParams,
  parseInitData,
  type TelegramAuthResultData,
  type TelegramWebAppFields,
} from './client/url'
export {
  TELEGRAM_SCREEN,
  TELEGRAM_METHOD,
  startTelegramLogin,
  submitTelegram,
  handleTelegramReturn,
  handleMiniApp,
  initialTelegramState,
  type TelegramState,
  type TelegramPayload,
  type StartTelegramOptions,
  type SubmitTelegramOptions,
} from './client/flow'
export { telegramErrorView, type TelegramErrorView } from './client/error-view'
export {
  useLinkWithTelegram,
  useUnlinkTelegram,
  useLoginWithTelegram,
  type UseLinkWithTelegramResult,
  type UseUnlinkTelegramResult,
  type UseLoginWithTelegramResult,
  type UseLoginWithTelegramOptions,
  type TelegramLoginState,
} from './react'

/** Options of the {@link telegram} plugin. */
export interface TelegramOptions {
  /**
   * The Login Widget script. Tests and pages with a self-hosted copy change it.
   * @defaultValue 'https://telegram.org/js/telegram-widget.js?22'
   */
  scriptUrl?: string
}

/**
 * The Telegram login plugin. Its landing row shows when the app enables `telegram_auth` and has a
 * bot (`telegram_auth_config`).
 * @param options - see {@link TelegramOptions}.
 * @returns the plugin definition.
 * @example
 * ```tsx
 * import { PorticoProvider } from 'portico/react'
 * import { telegram } from 'portico/plugins/telegram'
 * <PorticoProvider appId="..." plugins={[telegram()]}>...</PorticoProvider>
 * ```
 */
export const telegram = (options: TelegramOptions = {}) => {
  const scriptUrl = options.scriptUrl ?? TELEGRAM_WIDGET_SCRIPT_URL
  const auth: ScreenDefinition = {
    load: () => import('./screens/TelegramAuth').then((m) => ({ default: m.telegramAuthScreen(scriptUrl) })),
  }
  return definePlugin<'telegram', TelegramState>({
    id: 'telegram',
    kind: 'login',
    api: telegramRoutes,
    screens: { auth },
    errors: TELEGRAM_ERRORS,
    messages: telegramMessages,
    locales: (locale) => import(`./locales/${locale}.ts`),
    loginMethods: [
      { id: 'telegram', group: 'web2', label: 'TELEGRAM_METHOD_LABEL', enabledBy: 'telegram_auth', screen: 'telegram/auth', icon: TELEGRAM_ICON, order: 15 },
    ],
    initialState: initialTelegramState,
    setup(ctx) {
      // Without a configured bot the widget has nothing to open: hide the row.
      const untap = ctx.hooks.resolveLoginMethods.tap('telegram', (methods, config) =>
        config.server.telegram_auth_config ? methods : methods.filter((m) => m.id !== 'telegram'),
      )
      const unreturn = handleTelegramReturn(ctx)
      const unminiapp = handleMiniApp(ctx)
      return () => {
        untap()
        unreturn?.()
        unminiapp?.()
      }
    },
  })
}
