import { describe, expect, it } from 'vitest'
// @ts-expect-error: a plain ESM module without types (the ESLint config loads it as is).
import { boundaryProblem } from '../eslint.boundaries.js'

const problem = boundaryProblem as (fromFile: string, spec: string) => string | null

describe('import boundaries', () => {
  it("error: a plugin file importing another plugin's files, by any spelling", () => {
    expect(problem('plugins/cross-app/client/flow.ts', '../../oauth/api')).toMatch(/only through its public entry/)
    expect(problem('plugins/cross-app/server.ts', '../oauth/server/cross-app')).toMatch(/plugins\/oauth/)
    expect(problem('plugins/cross-app/index.ts', '../../plugins/oauth/client/pkce')).toMatch(/plugins\/oauth/)
    expect(problem('plugins/cross-app/index.ts', 'portico/plugins/oauth/api')).toMatch(/plugins\/oauth/)
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

  it('behavior: test files may wire plugins together', () => {
    expect(problem('plugins/cross-app/server.test.ts', '../oauth/server')).toBeNull()
    expect(problem('test/support/server.ts', '../../plugins/email/server')).toBeNull()
  })
})
