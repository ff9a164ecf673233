// ESLint (flat config) for the web app: typescript-eslint, React hooks, jsx-a11y, and the
// bulletproof-react import zones (imports flow shared → features → app; features do not import
// each other). `npm run lint` runs it with no warnings allowed.
//
// typescript-eslint reads TypeScript's JS API, which TypeScript 7 no longer ships: the package
// named `typescript` is TypeScript 6.0's API (@typescript/typescript6) for the linter, and `tsc`
// is TypeScript 7 (@typescript/native), as the TypeScript 7 release notes describe
// ("running side by side with TypeScript 6.0"). See docs/decisions/0140.
import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import { defineConfig, globalIgnores } from 'eslint/config'
import importPlugin from 'eslint-plugin-import'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

const shared = ['./src/components', './src/hooks', './src/lib', './src/types', './src/testing']

/** Relative imports stay inside their own folder (a feature, a shared component group, lib, app…); leaving it is `@/…`. */
const leaveWithAlias = (pattern) => [
  'error',
  { patterns: [{ group: [pattern], message: 'Import from outside this folder with the `@/…` alias.' }] },
]

export default defineConfig([
  globalIgnores(['dist', 'test-results', 'playwright-report', 'blob-report']),
  {
    files: ['**/*.{js,ts,tsx}'],
    extends: [
      js.configs.recommended,
      tseslint.configs.recommended,
      importPlugin.flatConfigs.recommended,
      importPlugin.flatConfigs.typescript,
    ],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    settings: {
      'import/resolver': {
        typescript: { project: ['./tsconfig.json', './e2e/tsconfig.json'], noWarnOnMultipleProjects: true },
        node: true,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // The type checker already checks what these look up, and they are the slow ones
      // (typescript-eslint's advice for TypeScript projects); no-unresolved stays, as the
      // import zones below only see imports the resolver can follow.
      'import/namespace': 'off',
      'import/default': 'off',
      'import/no-named-as-default': 'off',
      'import/no-named-as-default-member': 'off',
      // Packages, then `@/…`, then the folder's own relative imports; side-effect imports (the
      // style sheets, last in a component so shared sheets load before the feature's) stay put.
      'import/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', 'parent', 'sibling', 'index'],
          pathGroups: [{ pattern: '@/**', group: 'internal' }],
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: globals.browser },
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            // Each feature stands alone: no feature imports another.
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message: 'Features do not import each other: move what they share to src/components, src/hooks or src/lib.',
            })),
            // Unidirectional: features may not import the app (routes, shell).
            { target: './src/features', from: './src/app', message: 'Imports flow shared → features → app.' },
            // Shared code imports neither features nor the app.
            {
              target: shared,
              from: ['./src/features', './src/app'],
              message: 'Shared code (components, hooks, lib, types, testing) imports no feature and not the app.',
            },
          ],
        },
      ],
    },
  },
  // Where `../` would leave a folder (src/<unit>/file, or src/<group>/<unit>/file).
  { files: ['src/*/*.{ts,tsx}', 'src/features/*/*.{ts,tsx}', 'src/components/*/*.{ts,tsx}'], rules: { 'no-restricted-imports': leaveWithAlias('../*') } },
  {
    files: ['src/{app,lib,hooks,types,testing}/*/*.{ts,tsx}', 'src/features/*/*/*.{ts,tsx}', 'src/components/*/*/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': leaveWithAlias('../../*') },
  },
  {
    files: ['e2e/**/*.ts', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
])
