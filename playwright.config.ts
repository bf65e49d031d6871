import { defineConfig, devices } from '@playwright/test'
import { chromiumPath, CHROMIUM_ARGS } from './test/chromium'

const DEMO_PORT = Number(process.env.E2E_DEMO_PORT ?? 3310)
const API_PORT = Number(process.env.E2E_API_PORT ?? 8810)
/** The local Turnstile stand-in (test/fixtures/turnstile.ts): derived from the API port so parallel runs never share it. */
const TURNSTILE_PORT = Number(process.env.E2E_TURNSTILE_PORT ?? API_PORT + 1000)
const TURNSTILE_URL = `http://127.0.0.1:${TURNSTILE_PORT}/turnstile/v0`
/** The local chain (anvil, test/fixtures/anvil.ts): derived from the API port too. */
const ANVIL_PORT = Number(process.env.E2E_ANVIL_PORT ?? API_PORT + 2000)
const ANVIL_URL = `http://127.0.0.1:${ANVIL_PORT}`
/** The local OpenID Connect provider (test/fixtures/oidc.ts) that OAuth tests point providers at: API port + 3000. */
const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? API_PORT + 3000)
export const OIDC_URL = `http://127.0.0.1:${OIDC_PORT}`
/** The Farcaster relay and signer API stand-in (test/fixtures/farcaster/relay.ts): API port + 4500. */
const FARCASTER_PORT = Number(process.env.E2E_FARCASTER_PORT ?? API_PORT + 4500)
export const FARCASTER_URL = `http://127.0.0.1:${FARCASTER_PORT}`
/** The local Solana cluster (test/fixtures/solana-rpc, litesvm behind JSON-RPC): API port + 5000. */
const SOLANA_PORT = Number(process.env.E2E_SOLANA_PORT ?? API_PORT + 5000)
const SOLANA_URL = `http://127.0.0.1:${SOLANA_PORT}`
/** The MoonPay and Coinbase Onramp stand-ins (test/fixtures/funding), started by the funding spec itself: API port + 5500 and + 5600. */
export const MOONPAY_STAND_IN_PORT = Number(process.env.E2E_MOONPAY_PORT ?? API_PORT + 5500)
export const COINBASE_STAND_IN_PORT = Number(process.env.E2E_COINBASE_PORT ?? API_PORT + 5600)
/** The admin key of the server under test: e2e tests create apps with their own settings through the admin API. */
// A limit for a stuck start, not a wait: Playwright goes on as soon as each URL answers. The demo
// server bundles the demo before it listens, which took over two minutes on two cores kept busy.
const START_LIMIT = 600_000

export const E2E_ADMIN_KEY = 'e2e-admin-key-not-secret'

export default defineConfig({
  testDir: './test/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // A limit for a stuck test, not a wait: a test with several logins takes minutes on two busy cores.
  timeout: 180_000,
  // Assertions wait for states, never for time: a state that comes late on a busy machine still
  // passes, one that never comes still fails. 5 s (the default) is too short for a page load on two
  // busy cores.
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright.json' }]],
  use: {
    baseURL: `http://localhost:${DEMO_PORT}`,
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    // The examples under examples/ (third-party plugins written against the package's exports): each
    // spec starts its own server and page, so it needs none of the web servers below.
    {
      name: 'examples',
      testDir: './examples',
      testMatch: '**/*.spec.ts',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: [
    {
      command: 'npx tsx test/fixtures/turnstile.ts',
      url: `${TURNSTILE_URL}/api.js`,
      reuseExistingServer: false,
      timeout: START_LIMIT,
      env: { TURNSTILE_PORT: String(TURNSTILE_PORT) },
    },
    {
      command: 'npx tsx test/fixtures/anvil.ts',
      // anvil answers a plain GET with 400, which counts as up.
      url: ANVIL_URL,
      reuseExistingServer: false,
      timeout: START_LIMIT,
      env: { ANVIL_PORT: String(ANVIL_PORT) },
    },
    {
      command: 'npx tsx test/fixtures/oidc.ts',
      url: `${OIDC_URL}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: START_LIMIT,
      env: { OIDC_PORT: String(OIDC_PORT) },
    },
    {
      command: 'npx tsx test/fixtures/farcaster/relay.ts',
      // Answers 401 without a channel token, which counts as up.
      url: `${FARCASTER_URL}/v1/channel/status`,
      reuseExistingServer: false,
      timeout: START_LIMIT,
      env: { FARCASTER_RELAY_PORT: String(FARCASTER_PORT) },
    },
    {
      command: 'npx tsx test/fixtures/solana-rpc/index.ts',
      url: `${SOLANA_URL}/health`,
      reuseExistingServer: false,
      timeout: START_LIMIT,
      env: { SOLANA_RPC_PORT: String(SOLANA_PORT) },
    },
    {
      command: 'npx tsx server/cli/start.ts',
      url: `http://localhost:${DEMO_PORT}`,
      reuseExistingServer: false,
      timeout: START_LIMIT,
      stdout: 'pipe',
      env: {
        PORT: String(DEMO_PORT),
        API_PORT: String(API_PORT),
        PORTICO_DATA_DIR: `.tmp/e2e-data-${Date.now()}`,
        PORTICO_ADMIN_KEY: E2E_ADMIN_KEY,
        TURNSTILE_SITEVERIFY_URL: `${TURNSTILE_URL}/siteverify`,
        TURNSTILE_SCRIPT_URL: `${TURNSTILE_URL}/api.js?render=explicit`,
        PORTICO_ANVIL_URL: ANVIL_URL,
        PORTICO_SOLANA_URL: SOLANA_URL,
        PORTICO_FARCASTER_RELAY_URL: FARCASTER_URL,
        PORTICO_FARCASTER_SIGNER_API_URL: FARCASTER_URL,
        PORTICO_OPTIMISM_RPC_URL: ANVIL_URL,
        PORTICO_MOONPAY_WIDGET_URL: `http://127.0.0.1:${MOONPAY_STAND_IN_PORT}`,
        PORTICO_COINBASE_API_URL: `http://127.0.0.1:${COINBASE_STAND_IN_PORT}`,
      },
    },
  ],
})
