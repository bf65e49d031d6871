/**
 * The import boundaries of the package, as an ESLint rule (`portico/boundaries`):
 * - a plugin imports only public modules, its own files and other plugins' public entries (the
 *   `portico/plugins/<id>` and `portico/plugins/<id>/server` exports), never another plugin's files;
 * - a plugin's server code imports the server through its public module (`portico/server`,
 *   `server/index.ts`), never the server's own files;
 * - the kernel and the protocol modules are framework-free: no React, no `ui/`, no plugin.
 * Relative imports are resolved against the importing file, and `portico/*` specifiers are read as
 * the folders they export, so neither spelling gets around the rule. Test files are exempt: a test
 * may wire several plugins together.
 */
import path from 'node:path'

const ROOT = path.dirname(new URL(import.meta.url).pathname)

/** Folders whose code must not know React, the UI or any plugin. */
export const FRAMEWORK_FREE = ['kernel', 'protocols']

/** Whether a repository path is test code (exempt from the boundaries). */
export function isTestFile(file) {
  return /\.test\.[cm]?[jt]sx?$/.test(file) || /(^|\/)test-[^/]*$/.test(file) || /(^|\/)(test|testing)\//.test(file)
}

/** A React package: `react`, `react-dom`, `react/jsx-runtime`, `@ark-ui/react`, `valtio/react`... */
const REACT = /^(react|react-dom)(\/.*)?$|^@[^/]+\/react(\/.*)?$|^[^./@][^/]*\/react$/

/**
 * The repository path an import specifier points into, or null for an outside package.
 * @param {string} fromFile - the importing file, relative to the repository root.
 * @param {string} spec - the specifier.
 */
export function targetOf(fromFile, spec) {
  if (spec.startsWith('.')) return path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), spec))
  const pkg = /^portico\/(.*)$/.exec(spec)
  if (!pkg) return null
  const sub = pkg[1]
  if (sub === 'kernel') return 'kernel/index.ts'
  if (sub === 'kernel/schemas') return 'kernel/schemas.ts'
  if (sub === 'react' || sub.startsWith('react/')) return 'ui/index.ts'
  if (sub === 'server') return 'server/index.ts'
  return sub
}

/**
 * Whether a repository path is a plugin's public entry (`portico/plugins/<id>`, its `index.ts`, or
 * `portico/plugins/<id>/server`, its `server.ts`), the doors of a plugin that another plugin may use
 * (as the wallet plugins use the wallets plugin, and SIWE's server half the wallets server half).
 * @param {string} target - the repository path an import points into.
 */
export function isPluginEntry(target) {
  return /^plugins\/[^/]+(\/(index|server)(\.tsx?)?)?$/.test(target)
}

/**
 * Whether a repository path is the server's public module (`portico/server`).
 * @param {string} target - the repository path an import points into.
 */
export function isServerEntry(target) {
  return /^server(\/index(\.ts)?)?$/.test(target)
}

/**
 * What is wrong with one import, or null.
 * @param {string} fromFile - the importing file, relative to the repository root.
 * @param {string} spec - the specifier.
 */
export function boundaryProblem(fromFile, spec) {
  if (isTestFile(fromFile)) return null
  const [top, owner] = fromFile.split('/')
  const target = targetOf(fromFile, spec)
  const [ttop, towner] = (target ?? '').split('/')
  if (top === 'plugins' && ttop === 'plugins' && towner && towner !== owner && !isPluginEntry(target)) {
    return `plugins/${owner} imports plugins/${towner}'s files: a plugin reaches another only through its public entry (portico/plugins/${towner}), which it lists in \`requires\`; share other pieces through a public module (kernel, protocols, ui)`
  }
  if (top === 'plugins' && ttop === 'server' && !isServerEntry(target)) {
    return `plugins/${owner} imports ${target}: a plugin uses the server through its public module (portico/server, server/index.ts); export what it needs there`
  }
  if (FRAMEWORK_FREE.includes(top)) {
    if (REACT.test(spec)) return `${top}/ imports ${spec}: the ${top} is framework-free`
    if (ttop === 'ui' || ttop === 'plugins') return `${top}/ imports ${ttop}/: the ${top} knows no UI and no plugin`
  }
  return null
}

const rule = {
  meta: { type: 'problem', docs: { description: 'Keeps plugins apart and the kernel framework-free' }, schema: [] },
  create(context) {
    const file = path.relative(ROOT, context.filename).split(path.sep).join('/')
    const check = (node, source) => {
      if (!source || typeof source.value !== 'string') return
      const problem = boundaryProblem(file, source.value)
      if (problem) context.report({ node, message: problem })
    }
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    }
  },
}

/** The `portico` ESLint plugin: one rule, `boundaries`. */
export default { rules: { boundaries: rule } }
