/**
 * Next.js proxy (formerly middleware): a signed-out visitor of a protected page is sent to the home
 * page, with the page they asked for in `?next=`. A session whose access token expired goes there too:
 * the widget refreshes it there (the refresh cookie is `SameSite=Strict` and `HttpOnly`: only the
 * widget's own request to the API sends it), then the visitor goes on.
 */
import { NextResponse, type NextRequest } from 'next/server'
import { sessionOf } from './lib/session'

export async function proxy(request: NextRequest): Promise<NextResponse> {
  const session = await sessionOf(request.cookies)
  if (session.status === 'signed-in') return NextResponse.next()
  const home = new URL('/', request.url)
  home.searchParams.set('next', request.nextUrl.pathname)
  return NextResponse.redirect(home)
}

export const config = { matcher: ['/account/:path*'] }
