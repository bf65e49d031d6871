/**
 * What the MFA plugins' jsdom tests share: a harness with the MFA plugins, a signed-in user with
 * MFA methods, a scripted API, and the code boxes.
 * @internal
 * @module
 */
import { act, fireEvent, render, screen } from '@testing-library/react'
import { startHarness, TEST_APP_ID, wireUser, type Harness, type Routes } from './ui-harness'
import { makeToken } from './kernel-fixtures'
import type { AppResponse, AuthenticatedUser } from '../../kernel/wire'
import type { PluginDefinition } from '../../kernel/plugin'
import { PorticoProvider } from '../../ui/provider'
import { loadScreen } from '../../ui/modal/PorticoModal'

/** The sessions route the kernel refreshes the user from. */
export const SESSIONS = '/api/v1/sessions'

/** A user with these MFA methods enrolled. */
export function mfaUser(methods: string[], overrides: Record<string, unknown> = {}) {
  return wireUser({ has_accepted_terms: true, mfa_methods: methods.map((type) => ({ type, verified_at: 1_700_000_000 })), ...overrides })
}

/**
 * Starts the API and a kernel with the plugins, signed in as `user`; `POST /sessions` answers with
 * `options.sessionUser()` (so a test changes what a refresh returns); `options.app` changes the app. The kernel's wait is
 * instant unless `options.sleep` holds it.
 */
export async function startSignedIn(
  plugins: PluginDefinition[],
  user: ReturnType<typeof wireUser>,
  routes: Routes = {},
  options: { sessionUser?: () => unknown; sleep?: (ms: number) => Promise<void>; app?: Partial<AppResponse> } = {},
): Promise<Harness> {
  const sessionUser = options.sessionUser ?? (() => user)
  const h = await startHarness({ plugins, routes, sleep: options.sleep ?? (async () => undefined), ...(options.app ? { app: options.app } : {}) })
  const token = await makeToken({ aud: TEST_APP_ID, sub: user.id })
  const session = (u: unknown) => ({ user: u, token, privy_access_token: null, refresh_token: 'r1', identity_token: null, session_update_action: 'set' })
  h.routes[`POST ${SESSIONS}`] = () => ({ json: session(sessionUser()) })
  const ctx = h.kernel.contextFor(plugins[0]!.id)
  await ctx.authenticate(async () => session(user) as unknown as AuthenticatedUser, { method: plugins[0]!.id })
  h.kernel.closeModal({ force: true })
  return h
}

/** Renders the provider around the harness's kernel, with the MFA screens loaded. */
export async function mount(h: Harness, screens: string[] = ['mfa/verify']) {
  for (const s of screens) await loadScreen(h.kernel, s)
  return render(<PorticoProvider kernel={h.kernel} />)
}

/** Pastes a code into the 6 boxes. */
export async function enterCode(code: string) {
  const boxes = (await screen.findAllByLabelText(/^Verification code \d\/6$/)) as HTMLInputElement[]
  await act(async () => {
    boxes[0]!.focus()
    fireEvent.paste(boxes[0]!, { clipboardData: { getData: () => code } })
  })
  return boxes
}

/** A scripted API error. */
export function apiError(status: number, code: string, error = 'refused') {
  return { status, json: { error, code } }
}
