/**
 * The guides' links hold: every relative link in the README, `docs/*.md`, and the READMEs of the
 * plugins and examples points at a file that exists, and every `#anchor` at a heading of its target.
 * (The API reference's own links are checked by typedoc, a step of `npm test`.)
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** The markdown files whose links are checked. */
function guides(): string[] {
  const inDir = (dir: string) => (existsSync(join(ROOT, dir)) ? readdirSync(join(ROOT, dir)) : [])
  return [
    'README.md',
    ...inDir('docs').filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`),
    ...['plugins', 'examples'].flatMap((top) => inDir(top).map((d) => `${top}/${d}/README.md`)),
  ].filter((f) => existsSync(join(ROOT, f)))
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

/** The anchors of a markdown file's headings (outside code fences). */
function anchorsOf(file: string): Set<string> {
  let fenced = false
  const anchors = new Set<string>()
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('```')) fenced = !fenced
    const heading = !fenced && /^#{1,6}\s+(.*)$/.exec(line)
    if (heading) anchors.add(anchorOf(heading[1]!))
  }
  return anchors
}

/** The relative link targets of a markdown file, outside code fences and inline code. */
function linksOf(file: string): string[] {
  let fenced = false
  const links: string[] = []
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('```')) fenced = !fenced
    if (fenced) continue
    for (const m of line.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = m[1]!
      if (!/^[a-z][a-z0-9+.-]*:/i.test(target)) links.push(target)
    }
  }
  return links
}

describe('documentation links', () => {
  it('behavior: an anchor is the heading as GitHub spells it', () => {
    expect(anchorOf('Run at scale: several processes')).toBe('run-at-scale-several-processes')
    expect(anchorOf('`portico/testing` for host apps')).toBe('porticotesting-for-host-apps')
  })

  for (const file of guides()) {
    it(`default: every relative link of ${file} reaches its file and heading`, () => {
      const broken: string[] = []
      for (const link of linksOf(join(ROOT, file))) {
        const [path, anchor] = link.split('#') as [string, string | undefined]
        const target = path ? resolve(dirname(join(ROOT, file)), decodeURI(path)) : join(ROOT, file)
        if (!existsSync(target)) broken.push(`${link} (no ${relative(ROOT, target)})`)
        else if (anchor && statSync(target).isFile() && target.endsWith('.md') && !anchorsOf(target).has(anchor)) {
          broken.push(`${link} (no heading #${anchor})`)
        }
      }
      expect(broken).toEqual([])
    })
  }
})
