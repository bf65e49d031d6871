'use client'
/**
 * The Portico widget in cookie session mode: the API is this site's own `/api/v1` (the route handler
 * forwards it), so the session cookies are first-party and page script never holds a token.
 */
import type { ReactNode } from 'react'
import { PorticoProvider } from 'portico/react'
import { email } from 'portico/plugins/email'

const plugins = [email()]

export function Providers({ appId, children }: { appId: string; children: ReactNode }) {
  // An empty API URL makes every call relative to this page's origin.
  return (
    <PorticoProvider appId={appId} apiUrl="" session="cookies" plugins={plugins}>
      {children}
    </PorticoProvider>
  )
}
