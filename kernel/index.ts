/**
 * `portico/kernel`: the framework-free core of Portico (API client, session, router, hook bus,
 * plugin registry, app configuration) and the contracts plugins are written against.
 * @module
 */
export * from './route'
export * from './errors'
export * from './messages'
export { SUPPORTED_LOCALES, DEFAULT_LOCALE, matchLocale, resolveLocale, textDirection, loadLocaleTexts, checkLocaleTable, type SupportedLocale, type LocaleLoader, type LocaleModule, type MessageOverrides } from './locale'
export * from './hooks'
export * from './plugin'
export type * from './config'
export type * from './types'
export type * from './wire'
export { coreRoutes } from './api'

export * from './version'
export * from './load-once'
export * from './storage'
export * from './jwt'
export * from './base64'
export * from './popup'
export * from './client'
export * from './session'
export * from './hook-bus'
export * from './registry'
export * from './router'
// Types only: the step stack's code loads with the first step (see kernel.ts).
export type * from './flow'
export * from './error-registry'
export * from './config-merge'
export * from './kernel'
export { kernelMessages, type KernelMessageKey } from './messages/en'
