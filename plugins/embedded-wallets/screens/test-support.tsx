/**
 * For the screens' jsdom tests: a screen opened as a step of the kernel, as the plugin core opens
 * it, with the modal rendered; and the test service's names, so a test imports one module.
 * @internal
 * @module
 */
import { act, render } from '@testing-library/react'
import type { Kernel } from '../../../kernel/types'
import { PorticoProvider } from '../../../ui/provider'
import { loadScreen } from '../../../ui/modal/PorticoModal'
import { startHarness, type Harness } from '../../../test/support/ui-harness'
import { email } from '../../email'
import type { EmbeddedWalletInfo, EmbeddedWalletSettings } from '../service'
import { TestWalletService, heldSleep, testEmbeddedWallets } from './test-service'

export * from './test-service'

/**
 * Opens a screen as a step, as the plugin core does, and renders the modal.
 * @param kernel - the kernel.
 * @param screen - the screen id.
 * @param params - its params.
 * @param theme - light or dark.
 * @returns `outcome`: how the step ends, `resolved` or `cancelled:<code>` with the cancellation's code.
 */
export async function openStep(
  kernel: Kernel,
  screen: string,
  params: Record<string, unknown> = {},
  theme: 'light' | 'dark' = 'light',
): Promise<{ outcome: Promise<string> }> {
  await loadScreen(kernel, screen)
  let outcome: Promise<string> = Promise.resolve('')
  await act(async () => {
    outcome = kernel.flow.begin({ screen, params }).then(
      () => 'resolved',
      (e: { code?: string }) => `cancelled:${e.code}`,
    )
  })
  await act(async () => {
    render(<PorticoProvider kernel={kernel} theme={theme} />)
  })
  return { outcome }
}

/**
 * Starts a harness whose kernel has the email plugin and the screens over a recording service, with
 * kernel waits a test can hold.
 * @param settings - the service's settings over `DEFAULT_TEST_SETTINGS`.
 * @param wallets - the user's embedded wallets.
 * @returns the service, the held clock, the kernel and the harness (close it after the test).
 */
export async function startWalletScreens(settings: Partial<EmbeddedWalletSettings> = {}, wallets: EmbeddedWalletInfo[] = []) {
  const service = new TestWalletService(settings, wallets)
  const clock = heldSleep()
  const harness: Harness = await startHarness({ plugins: [email(), testEmbeddedWallets(service)], sleep: clock.sleep })
  return { service, clock, kernel: harness.kernel, harness }
}
