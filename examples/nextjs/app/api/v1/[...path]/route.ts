/**
 * The Portico API under the app's own origin: every `/api/v1/*` request goes on to the API server
 * (`PORTICO_API_URL`), cookies and `Origin` included, and its answer comes back with its
 * `Set-Cookie` headers. The session cookies are then first-party cookies of this site. (A reverse
 * proxy in front of both servers does the same in production.)
 */
const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host', 'accept-encoding', 'content-encoding']

async function forward(request: Request): Promise<Response> {
  const api = process.env.PORTICO_API_URL
  if (!api) return Response.json({ error: 'PORTICO_API_URL is not set.' }, { status: 500 })
  const url = new URL(request.url)
  const headers = new Headers(request.headers)
  for (const name of HOP_BY_HOP) headers.delete(name)
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
  const answer = await fetch(`${api.replace(/\/$/, '')}${url.pathname}${url.search}`, {
    method: request.method,
    headers,
    body: hasBody ? await request.arrayBuffer() : undefined,
    redirect: 'manual',
    cache: 'no-store',
  })
  const out = new Headers()
  answer.headers.forEach((value, name) => {
    if (!HOP_BY_HOP.includes(name) && name !== 'set-cookie') out.set(name, value)
  })
  for (const cookie of answer.headers.getSetCookie()) out.append('set-cookie', cookie)
  return new Response(answer.body, { status: answer.status, headers: out })
}

export const dynamic = 'force-dynamic'
export { forward as GET, forward as POST, forward as PATCH, forward as DELETE }
