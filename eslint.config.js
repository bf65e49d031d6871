import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import portico from './eslint.boundaries.js'

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'styled-system/**',
      'ui/dist/**',
      'wallet-frame/dist/**',
      'docs/api/**',
      '.portico/**',
      '.tmp/**',
      'examples/nextjs/.next/**',
      'examples/nextjs/next-env.d.ts',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        window: 'readonly', document: 'readonly', console: 'readonly', process: 'readonly',
        setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly',
        URL: 'readonly', fetch: 'readonly', crypto: 'readonly', TextEncoder: 'readonly', TextDecoder: 'readonly',
        AbortController: 'readonly', Response: 'readonly', Request: 'readonly', Headers: 'readonly',
        localStorage: 'readonly', structuredClone: 'readonly', queueMicrotask: 'readonly', performance: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // Plugins never import each other; the kernel and the protocol modules know no React, UI or plugin;
    // the wallet frame knows no React, UI or server, and of the plugins only the embedded wallet's contract;
    // examples, the testing kit and the wagmi binding import the package only through its exports; screens never get the kernel.
    files: ['wagmi/**/*.{ts,tsx}', 'plugins/**/*.{ts,tsx}', 'kernel/**/*.{ts,tsx}', 'protocols/**/*.{ts,tsx}', 'ui/**/*.{ts,tsx}', 'wallet-frame/**/*.ts', 'examples/**/*.{ts,tsx}', 'testing/**/*.ts'],
    plugins: { portico },
    rules: { 'portico/boundaries': 'error' },
  },
)
