/**
 * The passkey ceremonies the screens run: each asks the server for options, runs the browser's
 * WebAuthn dialogue (through @simplewebauthn/browser, loaded on first use) and sends the answer.
 * @module
 */
import { PorticoError } from '../../kernel/errors'
import type { PluginContext } from '../../kernel/plugin'
import type { AuthenticatedUser, User } from '../../kernel/wire'
import { passkeyRoutes } from './api'
import {
  fromAuthenticationResponse,
  fromRegistrationResponse,
  toCreationOptions,
  toRequestOptions,
} from './convert'

/** The login method id of passkeys. */
export const PASSKEY_METHOD = 'passkey'

/** Where a ceremony is: waiting for the browser's dialogue, or sending its answer. */
export type CeremonyStep = 'awaiting' | 'submitting'

const browserLib = () => import('@simplewebauthn/browser')

/**
 * Whether this browser has WebAuthn.
 * @returns true when `PublicKeyCredential` exists.
 * @example
 * ```ts
 * import { webAuthnSupported } from 'portico/plugins/passkey'
 * if (!webAuthnSupported()) console.log('WebAuthn is not supported in this browser')
 * ```
 */
export function webAuthnSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function' && !!navigator.credentials
}

/**
 * Turns a browser WebAuthn failure into the plugin's error: NotAllowedError (timeout, dismissed
 * dialogue, no matching passkey) → `PASSKEY_NOT_ALLOWED`; an authenticator that already holds one
 * of the user's passkeys → `PASSKEY_ALREADY_REGISTERED`. Server errors pass through untouched.
 * @param err - what the ceremony threw.
 * @returns the error to route.
 * @example
 * ```ts
 * import { toPasskeyError } from 'portico/plugins/passkey'
 * toPasskeyError(new DOMException('x', 'NotAllowedError')).code // 'PASSKEY_NOT_ALLOWED'
 * ```
 */
export function toPasskeyError(err: unknown): unknown {
  const e = err as { name?: unknown; code?: unknown; message?: unknown } | null
  if (e && typeof e.code === 'string' && (e as { status?: unknown }).status !== undefined) return err
  if (e?.name === 'NotAllowedError' || e?.name === 'AbortError') {
    return new PorticoError('Passkey request timed out or rejected by user.', { code: 'PASSKEY_NOT_ALLOWED', cause: err })
  }
  if (e?.name === 'InvalidStateError') {
    return new PorticoError('This device already has a passkey for your account.', { code: 'PASSKEY_ALREADY_REGISTERED', cause: err })
  }
  if (e?.name === 'NotSupportedError') {
    return new PorticoError('WebAuthn is not supported in this browser', { code: 'PASSKEY_NOT_SUPPORTED', cause: err })
  }
  return err
}

type BrowserLib = Awaited<ReturnType<typeof browserLib>>

/** One ceremony's three parts: the server's options, the browser's dialogue over them, and the answer sent back. */
interface CeremonyParts<Init, Answer, Result> {
  init(): Promise<Init>
  prompt(lib: BrowserLib, init: Init): Promise<Answer>
  send(answer: Answer, init: Init): Promise<Result>
}

/**
 * Runs a passkey ceremony: checks WebAuthn is there, loads the browser library, asks the server for
 * options, runs the dialogue (its failures become the plugin's errors) and sends the answer.
 * @param parts - the ceremony's requests and dialogue.
 * @param onStep - told when the dialogue opens and when its answer is sent.
 * @returns what sending the answer returned.
 */
async function ceremony<Init, Answer, Result>(parts: CeremonyParts<Init, Answer, Result>, onStep: (step: CeremonyStep) => void): Promise<Result> {
  if (!webAuthnSupported()) {
    throw new PorticoError('WebAuthn is not supported in this browser', { code: 'PASSKEY_NOT_SUPPORTED' })
  }
  const lib = await browserLib()
  const init = await parts.init()
  onStep('awaiting')
  let answer: Answer
  try {
    answer = await parts.prompt(lib, init)
  } catch (err) {
    throw toPasskeyError(err)
  }
  onStep('submitting')
  return parts.send(answer, init)
}

/**
 * Starts a login or sign-up with the kernel (captcha included).
 * @param ctx - the passkey plugin's context.
 * @returns the init request's body: the captcha token when the app asks for one.
 */
async function beginPasskeyLogin(ctx: PluginContext): Promise<{ token: string } | Record<string, never>> {
  const { token: captchaToken } = await ctx.beginLogin({ method: PASSKEY_METHOD })
  return captchaToken ? { token: captchaToken } : {}
}

/**
 * Logs in with an existing passkey (`navigator.credentials.get`).
 * @param ctx - the passkey plugin's context.
 * @param onStep - told when the dialogue opens and when its answer is sent.
 * @returns the authenticate response, after the kernel's post-login steps.
 * @example
 * ```ts
 * import { loginWithPasskey } from 'portico/plugins/passkey'
 * await loginWithPasskey(kernel.contextFor('passkey'))
 * ```
 */
export async function loginWithPasskey(ctx: PluginContext, onStep: (step: CeremonyStep) => void = () => {}): Promise<void> {
  await ceremony(
    {
      init: async () => ctx.api.request(passkeyRoutes.authenticateInit, await beginPasskeyLogin(ctx)),
      prompt: (lib, init) => lib.startAuthentication({ optionsJSON: toRequestOptions(init.options) }),
      send: (answer, init) =>
        ctx.authenticate(
          () =>
            ctx.api.request(passkeyRoutes.authenticate, {
              authenticator_response: fromAuthenticationResponse(answer),
              challenge: init.options.challenge,
              ...(init.relying_party ? { relying_party: init.relying_party } : {}),
              mode: ctx.loginMode(),
            }),
          { method: PASSKEY_METHOD },
        ),
    },
    onStep,
  )
}

/**
 * Signs up with a new passkey (`navigator.credentials.create`).
 * @param ctx - the passkey plugin's context.
 * @param onStep - told when the dialogue opens and when its answer is sent.
 * @example
 * ```ts
 * import { signUpWithPasskey } from 'portico/plugins/passkey'
 * await signUpWithPasskey(kernel.contextFor('passkey'))
 * ```
 */
export async function signUpWithPasskey(ctx: PluginContext, onStep: (step: CeremonyStep) => void = () => {}): Promise<void> {
  await ceremony(
    {
      init: async () => ctx.api.request(passkeyRoutes.registerInit, await beginPasskeyLogin(ctx)),
      prompt: (lib, init) => lib.startRegistration({ optionsJSON: toCreationOptions(init.options) }),
      send: (answer, init) =>
        ctx.authenticate(
          (): Promise<AuthenticatedUser> =>
            ctx.api.request(passkeyRoutes.register, {
              authenticator_response: fromRegistrationResponse(answer),
              ...(init.relying_party ? { relying_party: init.relying_party } : {}),
              mode: ctx.loginMode(),
            }),
          { method: PASSKEY_METHOD },
        ),
    },
    onStep,
  )
}

/**
 * Registers a new passkey for the signed-in user and sends it to `POST /passkeys/link`. Does not
 * refresh the session or touch the modal: callers do (`ctx.link` for the link flow, a refresh for
 * the management screen).
 * @param ctx - the passkey plugin's context.
 * @param onStep - told when the dialogue opens and when its answer is sent.
 * @returns the updated user, as the server answered.
 * @example
 * ```ts
 * import { addPasskey } from 'portico/plugins/passkey'
 * const user = await addPasskey(kernel.contextFor('passkey'))
 * ```
 */
export async function addPasskey(ctx: PluginContext, onStep: (step: CeremonyStep) => void = () => {}): Promise<User> {
  return ceremony(
    {
      init: () => ctx.api.request(passkeyRoutes.linkInit, {}),
      prompt: (lib, init) => lib.startRegistration({ optionsJSON: toCreationOptions(init.options) }),
      send: (answer, init): Promise<User> =>
        ctx.api.request(passkeyRoutes.link, {
          authenticator_response: fromRegistrationResponse(answer),
          ...(init.relying_party ? { relying_party: init.relying_party } : {}),
        }),
    },
    onStep,
  )
}
