/**
 * The React side of the Telegram plugin: link and unlink the signed-in user's Telegram account, and
 * log in with Telegram's Login Widget window without the modal.
 * @module
 */
import { useCallback, useState } from 'react'
import { useKernel } from '../../ui/context'
import { useLinkAccount } from '../../ui/hooks'
import { PorticoError } from '../../kernel/errors'
import type { LoginResult } from '../../kernel/plugin'
import type { User } from '../../kernel/wire'
import { telegramRoutes } from './api'
import { TELEGRAM_METHOD } from './client/flow'
import { loadTelegramWidget, requestTelegramUser, TELEGRAM_WIDGET_SCRIPT_URL } from './client/script'

/** What {@link useLinkWithTelegram} returns. */
export interface UseLinkWithTelegramResult {
  /** Opens the modal at the Telegram screen, which opens Telegram's window to add the account to the signed-in user. */
  linkTelegram: () => void
}

/**
 * Links a Telegram account to the signed-in user. An account another user holds leads to the
 * transfer screen.
 * @returns `{ linkTelegram() }`; it throws `must_be_authenticated` when nobody is signed in.
 * @example
 * ```tsx
 * import { useLinkWithTelegram } from 'portico/plugins/telegram'
 * const { linkTelegram } = useLinkWithTelegram()
 * <button onClick={linkTelegram}>Link Telegram</button>
 * ```
 */
export function useLinkWithTelegram(): UseLinkWithTelegramResult {
  const { link } = useLinkAccount()
  return { linkTelegram: useCallback(() => link(TELEGRAM_METHOD), [link]) }
}

/** What {@link useUnlinkTelegram} returns. */
export interface UseUnlinkTelegramResult {
  /**
   * Removes the Telegram account from the signed-in user, then refreshes the session.
   * @param telegramUserId - the account's `telegram_user_id`.
   * @returns the updated user; rejects with the server's error (`cannot_unlink_sole_account`...).
   */
  unlinkTelegram: (telegramUserId: string) => Promise<User>
}

/**
 * Unlinks the signed-in user's Telegram account.
 * @returns `{ unlinkTelegram(telegramUserId) }`.
 * @example
 * ```tsx
 * import { useUnlinkTelegram } from 'portico/plugins/telegram'
 * const { unlinkTelegram } = useUnlinkTelegram()
 * <button onClick={() => unlinkTelegram(account.telegram_user_id)}>Unlink Telegram</button>
 * ```
 */
export function useUnlinkTelegram(): UseUnlinkTelegramResult {
  const kernel = useKernel()
  const unlinkTelegram = useCallback(
    (telegramUserId: string) => {
      if (kernel.state.session.status !== 'authenticated') {
        return Promise.reject(new PorticoError('Log in before changing linked accounts', { code: 'must_be_authenticated' }))
      }
      const ctx = kernel.contextFor('telegram')
      return ctx.changeAccounts(() => ctx.api.request(telegramRoutes.unlink, { telegram_user_id: telegramUserId }), {
        method: TELEGRAM_METHOD,
      })
    },
    [kernel],
  )
  return { unlinkTelegram }
}

/** Where a headless Telegram login is. */
export type TelegramLoginState =
  | { status: 'idle' }
  /** Captcha and the widget script. */
  | { status: 'loading' }
  /** Telegram's window is open. */
  | { status: 'awaiting-user' }
  /** Our server checks the signed user. */
  | { status: 'submitting' }
  | { status: 'done' }
  | { status: 'error'; error: PorticoError }

/** Options of {@link useLoginWithTelegram}. */
export interface UseLoginWithTelegramOptions {
  /** The Login Widget script (the same as the plugin's `scriptUrl`). @defaultValue TELEGRAM_WIDGET_SCRIPT_URL */
  scriptUrl?: string
}

/** What {@link useLoginWithTelegram} returns. */
export interface UseLoginWithTelegramResult {
  /**
   * Opens Telegram's Login Widget window for the app's bot and signs in with the user it returns.
   * The modal stays closed (unless the app asks for a captcha or a post-login step such as the terms).
   * @returns the login result; rejects with `telegram_auth_cancelled` (window closed),
   *   `telegram_script_failed`, `disallowed_login_method` (no bot), or the server's error.
   */
  login: () => Promise<LoginResult>
  /** Where the login is. */
  state: TelegramLoginState
}

/**
 * Log in with Telegram without the modal. Call `login()` from a click: Telegram's window opens from
 * it (the widget script is loaded on first use; browsers may block a window opened after a slow load).
 * @param options - see {@link UseLoginWithTelegramOptions}.
 * @returns `{ login, state }`.
 * @example
 * ```tsx
 * import { useLoginWithTelegram } from 'portico/plugins/telegram'
 * function TelegramButton() {
 *   const { login, state } = useLoginWithTelegram()
 *   return <button disabled={state.status === 'awaiting-user'} onClick={() => login().catch(() => {})}>Log in with Telegram</button>
 * }
 * ```
 */
export function useLoginWithTelegram(options: UseLoginWithTelegramOptions = {}): UseLoginWithTelegramResult {
  const kernel = useKernel()
  const scriptUrl = options.scriptUrl ?? TELEGRAM_WIDGET_SCRIPT_URL
  const [state, setState] = useState<TelegramLoginState>({ status: 'idle' })
  const login = useCallback(async (): Promise<LoginResult> => {
    const ctx = kernel.contextFor('telegram')
    setState({ status: 'loading' })
    try {
      const botId = ctx.config()?.server.telegram_auth_config?.bot_id
      if (!botId) throw new PorticoError('Telegram login is not configured for this app.', { code: 'disallowed_login_method' })
      const { token: captchaToken } = await ctx.beginLogin({ method: TELEGRAM_METHOD })
      const widget = await loadTelegramWidget(scriptUrl)
      setState({ status: 'awaiting-user' })
      const user = await requestTelegramUser(widget, botId)
      setState({ status: 'submitting' })
      const result = await ctx.authenticate(
        () =>
          ctx.api.request(telegramRoutes.authenticate, {
            telegram_auth_result: user,
            ...(captchaToken ? { captcha_token: captchaToken } : {}),
            mode: ctx.loginMode(),
          }),
        { method: TELEGRAM_METHOD },
      )
      setState({ status: 'done' })
      return result
    } catch (err) {
      const error =
        err instanceof PorticoError ? err : new PorticoError('Something went wrong. Try again.', { code: 'unknown_auth_error', cause: err })
      setState(error.code === 'exited_auth_flow' ? { status: 'idle' } : { status: 'error', error })
      throw error
    }
  }, [kernel, scriptUrl])
  return { login, state }
}
