/**
 * `portico/wagmi`: wagmi on Portico's wallets. Every wallet Portico connects, embedded or external,
 * becomes wagmi's account, so wagmi's hooks (`useAccount`, `useSignMessage`, `useSendTransaction`,
 * `useSwitchChain`…) work unchanged, and an embedded wallet still shows Portico's screens before it
 * signs. `wagmi` (2.x), `viem` and `@tanstack/react-query` are the host's: a page that does not
 * import this module carries none of wagmi.
 * @module
 */
export { createConfig } from './config'
export {
  porticoConnector,
  isPorticoConnector,
  PORTICO_CONNECTOR_ID,
  PorticoNoWalletError,
  type PorticoConnector,
  type PorticoConnectorProperties,
  type PorticoWagmiWallet,
} from './connector'
export { WagmiProvider, useSetActiveWallet, type WagmiProviderProps, type UseSetActiveWalletResult } from './provider'
