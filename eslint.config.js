import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import xstate from 'eslint-plugin-xstate';
import tseslint from 'typescript-eslint';
import xstateSetup from './eslint-rules/xstate-setup.js';

/**
 * Lint: typescript-eslint's recommended rules everywhere, the import direction
 * of DESIGN.md per folder (ui -> machines -> api/domain, never back), and the
 * machine conventions (named implementations, no stray action creators).
 */
const local = { rules: { 'xstate-setup': xstateSetup } };

/** Relative imports that reach into one of the app's top folders. */
const into = (folder) => ({
  regex: `^\\.{1,2}/(?:.*/)?${folder}(?:/|$)`,
  message: `Imports flow ui -> machines -> api/domain: this folder must not import src/${folder}.`,
});
const packages = (names, why) => names.map((name) => ({ regex: `^${name.replace('/', '\\/')}(?:/|$)`, message: why }));
const viewLibraries = packages(
  ['react', 'react-dom', 'react-router-dom', '@chakra-ui/react', '@xstate/react'],
  'Views live in src/ui only.',
);

const nodeGlobals = { console: 'readonly', process: 'readonly', URL: 'readonly' };

export default defineConfig(
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'data/', 'test-results/', 'src/api/schema.d.ts'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.js'],
    languageOptions: { globals: nodeGlobals },
  },
  {
    // `_name` marks a deliberately unused binding (handler signatures, rest omissions)
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { xstate, local },
    settings: { xstate: { version: 5 } },
    rules: {
      'xstate/no-inline-implementation': 'error',
      'xstate/no-imperative-action': 'error',
      'local/xstate-setup': 'error',
    },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [into('api')] }] },
  },
  {
    files: ['src/machines/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [into('ui'), ...viewLibraries] }] },
  },
  {
    files: ['src/api/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [into('ui'), into('machines'), ...viewLibraries] }] },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./', message: 'src/domain imports nothing of the app outside src/domain.' },
            ...packages(
              ['xstate', 'openapi-fetch', 'oidc-client-ts'],
              'src/domain is pure rules: no I/O, no machines.',
            ),
            ...viewLibraries,
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts', 'tests/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
