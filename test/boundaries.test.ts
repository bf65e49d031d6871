import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'
// @ts-expect-error: a plain ESM module without types (the ESLint config loads it as is).
import { boundaryProblem } from '../eslint.boundaries.js'

const problem = boundaryProblem as (fromFile: string, spec: string, names?: readonly string[]) => string | null
const ROOT = path.resolve(import.meta.dirname, '..')

/** The `portico/boundaries` messages ESLint reports, with the repository's config, for a source at a path. */
async function lintAs(file: string, source: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: ROOT })
  const [result] = await eslint.lintText(source, { filePath: path.join(ROOT, file) })
  return (result?.messages ?? []).filter((m) => m.ruleId === 'portico/boundaries').map((m) => m.message)
}

describe('import boundaries', () => {
  it("error: a plugin file importing another plugin's files, by any spelling", () => {
    expect(problem('plugins/cross-app/client/flow.ts', '../../oauth/api')).toMatch(/only through its public entry/)
    expect(problem('plugins/cross-app/server.ts', '../oauth/server/cross-app')).toMatch(/plugins\/oauth/)
    expect(problem('plugins/cross-app/index.ts', '../../plugins/oauth/client/pkce')).toMatch(/plugins\/oauth/)
    expect(problem('plugins/cross-app/index.ts', 'portico/plugins/oauth/api')).toMatch(/plugins\/oauth/)
  })

  it('error: the wallet frame importing React, the UI, the server or a plugin file beyond the embedded wallet’s contract', () => {
    expect(problem('wallet-frame/wallets.ts', 'react')).toMatch(/no React/)
    expect(problem('wallet-frame/wallets.ts', '../ui/components')).toMatch(/no React and no UI/)
    expect(problem('wallet-frame/api.ts', '../server/errors')).toMatch(/not the server/)
    expect(problem('wallet-frame/api.ts', '../plugins/embedded-wallets/schemas')).toMatch(/only plugins\/embedded-wallets\/api and proof/)
    expect(problem('wallet-frame/api.ts', '../plugins/email/api')).toMatch(/plugins\/email/)
  })

  it('default: the wallet frame uses the kernel, the protocols and the embedded wallet’s routes and proof', () => {
    expect(problem('wallet-frame/api.ts', '../plugins/embedded-wallets/api')).toBeNull()
    expect(problem('wallet-frame/wallets.ts', '../plugins/embedded-wallets/proof')).toBeNull()
    expect(problem('wallet-frame/wallets.ts', '../kernel/jwt')).toBeNull()
    expect(problem('wallet-frame/channel.ts', '../protocols/wallet-frame')).toBeNull()
    expect(problem('wallet-frame/crypto/keys.ts', 'viem/accounts')).toBeNull()
  })

  it("default: a plugin may use another plugin's public entry, the one it requires", () => {
    expect(problem('plugins/injected/index.ts', '../wallets')).toBeNull()
    expect(problem('plugins/injected/index.ts', '../wallets/index')).toBeNull()
    expect(problem('plugins/siwe/authenticator.ts', 'portico/plugins/wallets')).toBeNull()
    expect(problem('plugins/siwe/authenticator.ts', '../wallets/registry')).toMatch(/plugins\/wallets/)
  })

  it('default: a plugin importing its own files and public modules is fine', () => {
    expect(problem('plugins/oauth/client/flow.ts', '../api')).toBeNull()
    expect(problem('plugins/oauth/client/flow.ts', './stored-flow')).toBeNull()
    expect(problem('plugins/cross-app/client/flow.ts', '../../../protocols/oauth')).toBeNull()
    expect(problem('plugins/email/screens/EmailCode.tsx', '../../../ui/components/PasscodeScreen')).toBeNull()
    expect(problem('plugins/email/react.ts', 'react')).toBeNull()
  })

  it("error: a plugin screen styled with the repository's Panda output instead of the public style surface", () => {
    expect(problem('plugins/sms/screens/PhoneField.tsx', '../../../styled-system/css')).toMatch(/public style surface/)
    expect(problem('plugins/sms/screens/PhoneField.tsx', 'styled-system/css')).toMatch(/public style surface/)
    expect(problem('plugins/sms/screens/PhoneField.tsx', '../../../ui/styles')).toBeNull()
    expect(problem('ui/components/Button.tsx', '../../styled-system/css')).toBeNull()
  })

  it("error: a plugin's server code importing the server's own files instead of portico/server", () => {
    expect(problem('plugins/email/server.ts', '../../server/apps')).toMatch(/public module \(portico\/server/)
    expect(problem('plugins/oauth/server/attempts.ts', '../../../server/storage/db')).toMatch(/imports server\/storage\/db/)
    expect(problem('plugins/sms/twilio.ts', 'portico/server/errors')).toMatch(/portico\/server/)
  })

  it("default: a plugin's server code using portico/server, or another plugin's server entry", () => {
    expect(problem('plugins/email/server.ts', '../../server')).toBeNull()
    expect(problem('plugins/email/server.ts', '../../server/index')).toBeNull()
    expect(problem('plugins/oauth/server/attempts.ts', '../../../server')).toBeNull()
    expect(problem('plugins/oauth/server/attempts.ts', 'portico/server')).toBeNull()
    expect(problem('plugins/siwe/server.ts', '../wallets/server')).toBeNull()
    expect(problem('plugins/siwe/server.ts', 'portico/plugins/wallets/server')).toBeNull()
    expect(problem('plugins/siwe/server.ts', '../wallets/chains')).toMatch(/plugins\/wallets/)
  })

  it('error: the kernel and the protocol modules import no React, UI or plugin', () => {
    expect(problem('kernel/kernel.ts', 'react')).toMatch(/framework-free/)
    expect(problem('kernel/kernel.ts', 'valtio/react')).toMatch(/framework-free/)
    expect(problem('protocols/oauth/pkce.ts', 'react-dom/client')).toMatch(/framework-free/)
    expect(problem('kernel/plugin.ts', '../ui/context')).toMatch(/no UI and no plugin/)
    expect(problem('kernel/plugin.ts', '../plugins/email')).toMatch(/no UI and no plugin/)
    expect(problem('kernel/kernel.ts', 'valtio/vanilla')).toBeNull()
  })

  it("error: an example importing anything of the package but its exports, by any spelling, tests included", () => {
    expect(problem('examples/magic-link/index.ts', '../../kernel/plugin')).toMatch(/only through its exports/)
    expect(problem('examples/magic-link/screens/MagicLinkSent.tsx', '../../../ui/components/Button')).toMatch(/ui\/components\/Button/)
    expect(problem('examples/magic-link/server.test.ts', '../../server/storage/test-db')).toMatch(/only through its exports/)
    expect(problem('examples/magic-link/index.ts', '../demo/build')).toMatch(/examples\/demo\/build/)
    expect(problem('examples/magic-link/screens/MagicLinkEntry.tsx', 'styled-system/css')).toMatch(/does not export/)
    expect(problem('examples/magic-link/index.ts', 'portico/plugins/email/screens/EmailEntry')).toMatch(/does not export/)
    expect(problem('examples/magic-link/index.ts', 'portico/ui/context')).toMatch(/does not export/)
  })

  it("default: an example may import the package's exports, its own files and outside packages", () => {
    expect(problem('examples/magic-link/index.ts', 'portico/kernel')).toBeNull()
    expect(problem('examples/magic-link/schemas.ts', 'portico/kernel/schemas')).toBeNull()
    expect(problem('examples/magic-link/screens/MagicLinkSent.tsx', 'portico/react/components')).toBeNull()
    expect(problem('examples/magic-link/server.ts', 'portico/server')).toBeNull()
    expect(problem('examples/magic-link/flow.ts', 'portico/protocols/oauth')).toBeNull()
    expect(problem('examples/demo/main.tsx', 'portico/plugins/email')).toBeNull()
    expect(problem('examples/magic-link/screens/MagicLinkSent.tsx', '../flow')).toBeNull()
    expect(problem('examples/magic-link/page/serve.ts', 'esbuild')).toBeNull()
  })

  it("error: the testing kit importing the package's files instead of its exports", () => {
    expect(problem('testing/modal.ts', '../plugins/siws/base58')).toMatch(/only through its exports/)
    expect(problem('testing/evm-wallet/provider.ts', 'portico/ui/context')).toMatch(/does not export/)
    expect(problem('testing/modal.ts', '@playwright/test')).toBeNull()
    expect(problem('testing/evm-wallet/inject.ts', '../scripts')).toBeNull()
  })

  it('error: the wagmi binding reaching into the repository instead of the package’s exports', () => {
    expect(problem('wagmi/provider.tsx', '../plugins/wallets/react')).toMatch(/only through its exports/)
    expect(problem('wagmi/provider.tsx', '../ui/context')).toMatch(/only through its exports/)
    expect(problem('wagmi/connector.ts', 'portico/plugins/wallets/registry')).toMatch(/does not export/)
  })

  it('default: the wagmi binding uses the package’s exports, its own files and wagmi and viem', () => {
    expect(problem('wagmi/provider.tsx', 'portico/react')).toBeNull()
    expect(problem('wagmi/connector.ts', 'portico/plugins/wallets')).toBeNull()
    expect(problem('wagmi/index.ts', './connector')).toBeNull()
    expect(problem('wagmi/connector.ts', 'wagmi')).toBeNull()
    expect(problem('wagmi/connector.ts', 'viem')).toBeNull()
  })

  it('behavior: test files may wire plugins together', () => {
    expect(problem('plugins/cross-app/server.test.ts', '../oauth/server')).toBeNull()
    expect(problem('test/support/server.ts', '../../plugins/email/server')).toBeNull()
  })

  it('error: a screen importing useKernel or KernelContext, by any spelling', () => {
    expect(problem('plugins/email/screens/EmailCode.tsx', '../../../ui/context', ['useKernel'])).toMatch(/imports useKernel: screens never get the kernel/)
    expect(problem('plugins/email/screens/EmailCode.tsx', 'portico/react', ['useKernel'])).toMatch(/useKernel/)
    expect(problem('ui/screens/Landing.tsx', '../context', ['KernelContext'])).toMatch(/imports KernelContext/)
    expect(problem('ui/screens/transfer/LinkConflict.tsx', '../../index', ['*'])).toMatch(/imports all of ui\/index/)
    expect(problem('plugins/captcha/screens/CaptchaChallenge.tsx', '../../../ui/context', ['*'])).toMatch(/ui\/context/)
  })

  it("error: a screen importing the kernel's files rather than its public entry", () => {
    expect(problem('plugins/passkey/screens/shared.tsx', '../../../kernel/types', ['Kernel'])).toMatch(/only the kernel's public entry/)
    expect(problem('plugins/wallets/screens/WalletConnect.tsx', '../../../kernel/kernel', ['POST_SUCCESS_DELAY_MS'])).toMatch(/kernel\/kernel/)
    expect(problem('ui/screens/Terms.tsx', 'portico/kernel/schemas', ['User'])).toMatch(/kernel\/schemas/)
  })

  it('default: a screen may use the screen context, public hooks and the kernel\'s public entry', () => {
    expect(problem('plugins/email/screens/EmailCode.tsx', '../../../ui/context', ['usePorticoState', 'ScreenProps'])).toBeNull()
    expect(problem('plugins/email/screens/EmailCode.tsx', 'portico/react', ['useScreen'])).toBeNull()
    expect(problem('ui/screens/Terms.tsx', '../../kernel', ['coreRoutes'])).toBeNull()
    expect(problem('plugins/oauth/screens/OAuthStart.tsx', 'portico/kernel', ['AppConfig'])).toBeNull()
    expect(problem('ui/screens/transfer/shared.tsx', '../../modal/screen-host', ['usePendingTransfer'])).toBeNull()
  })

  it('behavior: hooks and the modal shell keep the kernel; screenshot pages of a screens folder build one', () => {
    expect(problem('plugins/email/react.ts', '../../ui/context', ['useKernel'])).toBeNull()
    expect(problem('ui/modal/screen-host.tsx', '../context', ['useKernel'])).toBeNull()
    expect(problem('plugins/wallets/screens/screenshots-entry.tsx', '../../../kernel/kernel', ['createPortico'])).toBeNull()
    expect(problem('ui/screens/screens.test.tsx', '../../kernel/types', ['Kernel'])).toBeNull()
  })

  it('error: ESLint with the repository config reports a screen that reaches for the kernel', async () => {
    const messages = await lintAs(
      'plugins/email/screens/Probe.tsx',
      [
        "import { useKernel } from '../../../ui/context'",
        "import * as react from 'portico/react'",
        "import type { Kernel } from '../../../kernel/types'",
        "export const probe = (k: Kernel) => [useKernel, react, k]",
      ].join('\n'),
    )
    expect(messages).toHaveLength(3)
    expect(messages[0]).toMatch(/imports useKernel/)
    expect(messages[1]).toMatch(/imports all of ui\/index/)
    expect(messages[2]).toMatch(/kernel\/types/)
    // The same imports in a hook file are fine.
    expect(await lintAs('plugins/email/probe-hook.ts', "import { useKernel } from '../../ui/context'\nexport const probe = useKernel\n")).toEqual([])
  }, 60_000)
})
