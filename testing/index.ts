/**
 * `portico/testing`: what a host app's own end-to-end tests (Playwright) need to go through Portico
 * as a user does, against a Portico server of their own (development mode for the inbox):
 *
 * - {@link signInWithEmail}: sign in through the modal with a test identity's fixed code, or with the
 *   code {@link readCode} finds in the development inbox; {@link enterCode} for any code screen;
 * - {@link injectTestWallet}: an EIP-1193 wallet announced by EIP-6963 (and optionally
 *   `window.ethereum`) that signs with a private key you give it (one of {@link ANVIL_KEYS} on a
 *   local anvil), steered with {@link testWallet} (reject the next prompt, hold prompts...);
 * - {@link injectTestSolanaWallet}: a Wallet Standard Solana wallet over an ed25519 key pair,
 *   steered through `window.__portico_test_solana_wallet`;
 * - {@link approveInPortico} / {@link rejectInPortico}: answer Portico's own confirmation screens
 *   (embedded wallet signatures and transactions);
 * - {@link addVirtualAuthenticator}: a virtual WebAuthn authenticator in Chromium, for passkey sign-in
 *   and passkey MFA;
 * - {@link startHostApp}: a development API with one app and a page bundled from your entry, for a
 *   test run of a plugin or a page of your own (what the examples' tests start).
 *
 * `@playwright/test` is the caller's; injecting a wallet bundles its browser script with `esbuild`
 * (loaded on first use). See `examples/testing-kit` for a host app's test written with these.
 * @module
 */
export { readCode, enterCode, signInWithEmail, approveInPortico, rejectInPortico, porticoDialog, type InboxOptions, type EmailSignIn } from './modal'
export { createTestWallet, ANVIL_KEYS, ProviderRpcError } from './evm-wallet/provider'
export type { TestWallet, TestWalletOptions, TestWalletController, TestWalletInfo, TestEip1193Provider, RequestArguments } from './evm-wallet/provider'
export type { BrowserWalletConfig, BrowserWalletHandle } from './evm-wallet/browser'
export { injectTestWallet, testWalletScript } from './evm-wallet/inject'
export { testWallet, type PageWalletControls } from './evm-wallet/control'
export { createTestSolanaWallet, type TestSolanaWalletControl, type TestSolanaWalletOptions, type TestWalletMode } from './solana-wallet/wallet'
export { injectTestSolanaWallet, testSolanaWalletScript } from './solana-wallet/inject'
export { addVirtualAuthenticator, type VirtualAuthenticator } from './webauthn'
export { startHostApp, type HostAppOptions, type RunningHostApp } from './host-app'
