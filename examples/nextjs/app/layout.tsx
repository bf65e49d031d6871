import type { ReactNode } from 'react'
import type { Metadata } from 'next'
import { appId } from '../lib/session'
import { Providers } from './providers'
import 'portico/styles.css'
import './globals.css'

export const metadata: Metadata = { title: 'Portico with Next.js' }
// The app id is read when a request comes, not when the app is built.
export const dynamic = 'force-dynamic'

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <Providers appId={appId()}>
          <header className="bar">
            <a href="/">Portico with Next.js</a>
            <a href="/account">Account</a>
          </header>
          <main>{children}</main>
        </Providers>
      </body>
    </html>
  )
}
