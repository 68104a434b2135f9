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

/** Selectors of string literals that hold SQL. */
const SQL = '/\\b(SELECT|INSERT INTO|DELETE FROM|UPDATE [a-z_]+ SET)\\b/';
const sqlText = [`Literal[value=${SQL}]`, `TemplateElement[value.raw=${SQL}]`];

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
            {
              regex: '^\\.\\./(?!\\.\\./shared/)',
              message: 'src/domain imports nothing of the app outside src/domain but shared/.',
            },
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
    // Handlers translate HTTP only: SQL lives in server/repo, shared logic in repositories or services.
    files: ['server/handlers/**/*.ts'],
    ignores: ['server/handlers/index.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['CallExpression[callee.property.name=/^(query|exec)$/]', ...sqlText].map((selector) => ({
          selector,
          message: 'No SQL in handlers: every statement belongs to a repository function in server/repo.',
        })),
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\./', message: 'Handlers do not import each other: share through server/repo or a service.' },
            { regex: '/db/(client|pglite)$', message: 'Handlers reach the database through server/repo.' },
          ],
        },
      ],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./(?!src/api/schema$)', message: 'shared/ holds facts of app and server: it imports neither.' },
            ...packages(['xstate', 'openapi-fetch', 'fastify', 'pg'], 'shared/ is pure facts and rules: no I/O.'),
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
