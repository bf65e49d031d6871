/**
 * Renders the wallet screens in headless Chromium at phone and desktop sizes, light and dark, with
 * test wallets in the page, and saves PNGs under `.tmp/screens/` to look at. Run `npm run css` first.
 *
 * Run: `npx tsx plugins/wallets/screens/screenshots.ts [filter]`
 * @internal
 * @module
 */
import type { ScreenShot } from '../../../ui/dev/shoot'
import { shootScreens } from '../../../ui/dev/shoot'
import { testWalletScript } from '../../../testing/evm-wallet/inject'
import { ANVIL_KEYS } from '../../../testing/evm-wallet/provider'

const icon = (fill: string, letter: string) =>
  `data:image/svg+xml;base64,${Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${fill}"/><text x="16" y="22" font-family="system-ui" font-size="16" font-weight="700" fill="#fff" text-anchor="middle">${letter}</text></svg>`).toString('base64')}`
const wallets = [
  { privateKey: ANVIL_KEYS[0], rpcUrl: 'http://127.0.0.1:9', name: 'Fox Wallet', rdns: 'io.metamask', icon: icon('#f6851b', 'F'), prompts: 'hold' },
  { privateKey: ANVIL_KEYS[1], rpcUrl: 'http://127.0.0.1:9', name: 'Rabbit Wallet', rdns: 'io.rabby', icon: icon('#7084ff', 'R'), prompts: 'hold' },
  { privateKey: ANVIL_KEYS[2], rpcUrl: 'http://127.0.0.1:9', name: 'Test Wallet', rdns: 'dev.portico.testwallet', prompts: 'hold' },
]
const walletJs = `window.__portico_test_wallet_config = ${JSON.stringify({ wallets })};\n${await testWalletScript()}`

const connect = { entryId: 'injected:io.metamask', name: 'Fox Wallet', icon: wallets[0]!.icon, intent: 'connect' }
const shots: ScreenShot[] = [
  { name: 'wallets', screen: 'wallets/list', params: { intent: 'connect' }, query: { recent: 'rabby_wallet' } },
  { name: 'wallets-none', screen: 'wallets/list', params: { intent: 'connect' }, query: { wallets: '0' } },
  { name: 'wallet-connecting', screen: 'wallets/connect', params: connect },
  { name: 'wallet-signing', screen: 'wallets/connect', params: { ...connect, preview: 'signing' } },
  {
    name: 'wallet-rejected',
    screen: 'wallets/connect',
    params: connect,
    act: async (p) => {
      await p.evaluate(() => (window as unknown as { __portico_test_wallet: { reject(): void } }).__portico_test_wallet.reject())
      await p.getByRole('button', { name: 'Retry' }).waitFor()
    },
  },
  { name: 'wallet-give-up', screen: 'wallets/connect', params: { ...connect, preview: 'give-up' } },
  { name: 'wallet-linked', screen: 'wallets/connect', params: { ...connect, preview: 'linked' } },
  { name: 'install-wallet', screen: 'wallets/install' },
]

await shootScreens({
  entry: 'plugins/wallets/screens/screenshots-entry.tsx',
  app: { wallet_auth: true },
  shots,
  // The test wallets announce themselves unless a shot asks for a page without any.
  head: (query) => (query.get('wallets') === '0' ? '' : '<script src="/wallet.js"></script>'),
  routes: { '/wallet.js': () => ({ type: 'text/javascript', body: walletJs }) },
  filter: process.argv[2],
})
