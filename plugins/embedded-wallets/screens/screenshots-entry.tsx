/**
 * Browser entry of the embedded-wallet screens' screenshot page: the modal open, as a step, at the
 * screen named in the query string, with a scripted service (`settings`, `wallets`, `hold` and
 * `fail` in the query) standing in for the plugin core.
 * @internal
 * @module
 */
import { mountScreenshotPage } from '../../../ui/dev/shoot-entry'
import { email } from '../../email'
import { TestWalletService, frameError, testEmbeddedWallets, type TestOp } from './test-service'

const q = new URLSearchParams(location.search)
const service = new TestWalletService(JSON.parse(q.get('settings') ?? '{}'), JSON.parse(q.get('wallets') ?? '[]'))
for (const op of (q.get('hold') ?? '').split(',').filter(Boolean)) service.hold(op as TestOp)
for (const failure of (q.get('fail') ?? '').split(',').filter(Boolean)) {
  const [op, code] = failure.split(':')
  // Each failing operation fails every time the page tries it.
  service.fail(op as TestOp, ...Array.from({ length: 5 }, () => frameError(code!, 'The wallet did not answer in time.')))
}

mountScreenshotPage([email(), testEmbeddedWallets(service)], 'embedded-wallets/create', {
  open: (kernel, screen, params) => {
    void kernel.flow.begin({ screen, params }).catch(() => undefined)
  },
})
