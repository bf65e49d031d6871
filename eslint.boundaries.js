/**
 * The import boundaries of the package, as an ESLint rule (`portico/boundaries`):
 * - a plugin imports only public modules, its own files and other plugins' public entries (the
 *   `portico/plugins/<id>` and `portico/plugins/<id>/server` exports), never another plugin's files;
 * - a plugin's server code imports the server through its public module (`portico/server`,
 *   `server/index.ts`), never the server's own files;
 * - a plugin styles its screens with the public style surface (the components, `porticoRecipes`,
 *   `porticoTokens` of `portico/react/components`), never the repository's own Panda output
 *   (`styled-system/`), which a third party does not have and the shipped stylesheet does not cover;
 * - the kernel and the protocol modules are framework-free: no React, no `ui/`, no plugin;
 * - a screen (a file under `plugins/<id>/screens/` or `ui/screens/`) never gets the kernel: it imports
 *   neither `useKernel` nor `KernelContext`, and of the kernel only its public entry (`portico/kernel`)
 *   for types and helpers; what it needs comes through its screen context;
 * - the wallet frame (`wallet-frame/`) runs on the API's origin with nothing of the widget: no React,
 *   no `ui/`, no server, and of the plugins only the embedded wallet's routes and proof message
 *   (`plugins/embedded-wallets/api`, `proof`) and delegated actions' routes (`plugins/delegated-actions/api`),
 *   the contract it shares with the server;
 * - an example (`examples/<name>/`, tests included) is written as an outside author would write it:
 *   it imports the package only through its `exports` (`portico/kernel`, `portico/react`…) and its
 *   own files, never a repository path or `styled-system/`;
 * - the testing kit (`testing/`, `portico/testing`), which host apps' tests run, imports only its own
 *   files, the package's exports and outside packages, as an example does;
 * - the wagmi binding (`wagmi/`, the `portico/wagmi` export) is held to the same: it uses Portico only
 *   through the package's exports, so it can rely on nothing a host could not.
 * Relative imports are resolved against the importing file, and `portico/*` specifiers are read as
 * the folders they export, so neither spelling gets around the rule. Test files outside `examples/`
 * are exempt: a test may wire several plugins together; so are the screenshot pages of a screens
 * folder, which build a kernel to show the screens.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'

const ROOT = path.dirname(new URL(import.meta.url).pathname)

/** The package's `exports` keys as patterns over `portico/…` specifiers (`*` stands for one path segment). */
const EXPORTS = Object.keys(JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).exports).map(
  (key) => new RegExp(`^portico${key.slice(1).replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]+')}$`),
)

/**
 * Whether a specifier names one of the package's exports (`portico/react/components`, `portico/plugins/email/server`).
 * @param {string} spec - the specifier.
 */
export function isPackageExport(spec) {
  return EXPORTS.some((pattern) => pattern.test(spec))
}

/** The folders held to an outside author's imports: each one's label in the rule's messages. */
const OUTSIDE_AUTHORS = { examples: 'an example', testing: 'the testing kit', wagmi: 'the wagmi binding' }

/**
 * What is wrong with an import of code written as an outside author would write it (an example, the
 * testing kit, the wagmi binding), or null: it imports the package only through its exports, and
 * otherwise only its own files and outside packages.
 * @param {string} fromFile - the importing file, relative to the repository root.
 * @param {string} spec - the specifier.
 */
function outsideAuthorProblem(fromFile, spec) {
  const [top, name] = fromFile.split('/')
  const where = top === 'examples' ? `examples/${name}` : top
  const who = OUTSIDE_AUTHORS[top]
  if (spec.startsWith('.')) {
    const target = targetOf(fromFile, spec)
    if (target === where || target.startsWith(`${where}/`)) return null
    return `${where} imports ${target}: ${who} imports the package only through its exports (portico/kernel, portico/react…), as an outside author would`
  }
  if (/^(portico|styled-system)(\/|$)/.test(spec) && !isPackageExport(spec)) {
    return `${where} imports ${spec}, which the package does not export: ${who} imports only the package's exports (see package.json "exports")`
  }
  return null
}

/** Folders whose code must not know React, the UI or any plugin. */
export const FRAMEWORK_FREE = ['kernel', 'protocols']

/** The plugin files the wallet frame may import: the routes it calls and the proof it signs. */
const FRAME_SHARED = /^plugins\/(embedded-wallets\/(api|proof)|delegated-actions\/api)(\.ts)?$/

/**
 * What is wrong with an import of the wallet frame, or null.
 * @param {string} spec - the specifier.
 * @param {string | null} target - the repository path it points into.
 */
function frameProblem(spec, target) {
  const [ttop] = (target ?? '').split('/')
  if (REACT.test(spec) || ttop === 'ui') return `wallet-frame/ imports ${spec}: the wallet frame knows no React and no UI`
  if (ttop === 'server') return `wallet-frame/ imports ${target}: the wallet frame runs in the browser, not the server`
  if (ttop === 'plugins' && !FRAME_SHARED.test(target)) {
    return `wallet-frame/ imports ${target}: of the plugins, the wallet frame uses only plugins/embedded-wallets/api and proof, and plugins/delegated-actions/api`
  }
  return null
}

/** Whether a repository path is test code (exempt from the boundaries). */
export function isTestFile(file) {
  return /\.test\.[cm]?[jt]sx?$/.test(file) || /(^|\/)test-[^/]*$/.test(file) || /(^|\/)test\//.test(file)
}

/** A React package: `react`, `react-dom`, `react/jsx-runtime`, `@ark-ui/react`, `valtio/react`... */
const REACT = /^(react|react-dom)(\/.*)?$|^@[^/]+\/react(\/.*)?$|^[^./@][^/]*\/react$/

/** Whether a repository path is a screen file: under a plugin's `screens/` or `ui/screens/`. */
export function isScreenFile(file) {
  return /^(plugins\/[^/]+|ui)\/screens\//.test(file) && !/(^|\/)screenshots(-entry)?\.tsx?$/.test(file)
}

/** The names through which a screen would reach the kernel. */
export const KERNEL_DOORS = ['useKernel', 'KernelContext']

/** Modules that export a {@link KERNEL_DOORS} name: a namespace import of one would get around the names. */
const KERNEL_DOOR_MODULES = /^ui\/(context|index)(\.tsx?)?$/

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
 * What is wrong with one import of a screen file, or null.
 * @param {string} target - the repository path the import points into, or null.
 * @param {readonly string[]} names - the imported names (`*` for a namespace import).
 */
function screenProblem(target, names) {
  const door = names.find((n) => KERNEL_DOORS.includes(n))
  if (door) return `a screen imports ${door}: screens never get the kernel; use the screen context (props or useScreen()) and usePorticoState`
  if (target && KERNEL_DOOR_MODULES.test(target) && names.includes('*')) {
    return `a screen imports all of ${target} (which exports useKernel): import the names it needs`
  }
  if (target && /^kernel\//.test(target) && !/^kernel\/index(\.ts)?$/.test(target)) {
    return `a screen imports ${target}: screens import only the kernel's public entry (portico/kernel), and get the rest through the screen context`
  }
  return null
}

/**
 * What is wrong with one import, or null.
 * @param {string} fromFile - the importing file, relative to the repository root.
 * @param {string} spec - the specifier.
 * @param {readonly string[]} [names] - the imported names (`*` for a namespace import, `default`).
 */
export function boundaryProblem(fromFile, spec, names = []) {
  // An example's tests are held to its imports too; other tests may wire the repository's parts together.
  const outside = fromFile.split('/')[0] in OUTSIDE_AUTHORS
  if (outside && (fromFile.startsWith('examples/') || !isTestFile(fromFile))) return outsideAuthorProblem(fromFile, spec)
  if (isTestFile(fromFile)) return null
  const [top, owner] = fromFile.split('/')
  const target = targetOf(fromFile, spec)
  const [ttop, towner] = (target ?? '').split('/')
  if (top === 'plugins' && ttop === 'plugins' && towner && towner !== owner && !isPluginEntry(target)) {
    return `plugins/${owner} imports plugins/${towner}'s files: a plugin reaches another only through its public entry (portico/plugins/${towner}), which it lists in \`requires\`; share other pieces through a public module (kernel, protocols, ui)`
  }
  if (top === 'plugins' && (ttop === 'styled-system' || /^styled-system(\/|$)/.test(spec))) {
    return `plugins/${owner} imports ${target ?? spec}: a plugin styles its screens with the public style surface (portico/react/components: the components, porticoRecipes, porticoTokens), as a third party does`
  }
  if (top === 'plugins' && ttop === 'server' && !isServerEntry(target)) {
    return `plugins/${owner} imports ${target}: a plugin uses the server through its public module (portico/server, server/index.ts); export what it needs there`
  }
  if (top === 'wallet-frame') return frameProblem(spec, target)
  if (FRAMEWORK_FREE.includes(top)) {
    if (REACT.test(spec)) return `${top}/ imports ${spec}: the ${top} is framework-free`
    if (ttop === 'ui' || ttop === 'plugins') return `${top}/ imports ${ttop}/: the ${top} knows no UI and no plugin`
  }
  if (isScreenFile(fromFile)) return screenProblem(target === 'kernel' ? 'kernel/index.ts' : target, names)
  return null
}

/** The names an import or export declaration brings in (`*` for a namespace import or `export *`). */
function importedNames(node) {
  if (node.type === 'ExportAllDeclaration') return ['*']
  return (node.specifiers ?? []).map((s) => {
    if (s.type === 'ImportNamespaceSpecifier') return '*'
    if (s.type === 'ImportDefaultSpecifier') return 'default'
    const named = s.type === 'ExportSpecifier' ? s.local : s.imported
    return named.type === 'Identifier' ? named.name : named.value
  })
}

const rule = {
  meta: { type: 'problem', docs: { description: 'Keeps plugins apart, the kernel framework-free and the kernel out of screens' }, schema: [] },
  create(context) {
    const file = path.relative(ROOT, context.filename).split(path.sep).join('/')
    const check = (node, source, names) => {
      if (!source || typeof source.value !== 'string') return
      const problem = boundaryProblem(file, source.value, names)
      if (problem) context.report({ node, message: problem })
    }
    return {
      ImportDeclaration: (node) => check(node, node.source, importedNames(node)),
      ExportNamedDeclaration: (node) => check(node, node.source, importedNames(node)),
      ExportAllDeclaration: (node) => check(node, node.source, importedNames(node)),
      // A dynamic import hands over the whole module.
      ImportExpression: (node) => check(node, node.source, ['*']),
    }
  },
}

/** The `portico` ESLint plugin: one rule, `boundaries`. */
export default { rules: { boundaries: rule } }
