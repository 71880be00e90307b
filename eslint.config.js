// One lint config for every workspace. The `no-restricted-imports` blocks below are the import
// boundaries of the architecture doc ("Who may import what"): breaking one fails `npm test`.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = {
  group: ['node:*'],
  message: 'No Node built-ins here (architecture: who may import what).',
};
const noElectron = { group: ['electron'], message: 'Only desktop/main may import electron.' };
const noPrisma = {
  group: ['@prisma/*', '**/generated/prisma/**'],
  message: 'Only repository files and the db plugin may use the Prisma client.',
};
const noServerOrDesktop = {
  group: ['@beatroom/server', '@beatroom/server/*', '@beatroom/desktop', '@beatroom/desktop/*'],
  message: 'web never imports server or desktop.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/out/**',
      'server/src/generated/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'server/.migration-*/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['shared/src/**/*.ts'],
    ignores: ['shared/src/**/*.test.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            nodeBuiltins,
            noElectron,
            noPrisma,
            {
              regex: '^(?!zod$|zod/|\\.{1,2}/)',
              message: 'shared imports only zod and its own files.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/**/*.ts'],
    ignores: [
      'server/src/**/*.repository.ts',
      'server/src/plugins/db.ts',
      'server/src/db/**',
      'server/src/**/*.test.ts',
      'server/test/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noElectron,
            noPrisma,
            { group: ['@beatroom/web', '@beatroom/web/*'], message: 'server never imports web.' },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}', 'desktop/src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [nodeBuiltins, noElectron, noPrisma, noServerOrDesktop] },
      ],
    },
  },
  {
    files: ['web/src/components/ui/**/*.{ts,tsx}', 'web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            nodeBuiltins,
            noElectron,
            noPrisma,
            noServerOrDesktop,
            {
              group: ['**/features/**', '**/app/**'],
              message: 'components/ui and lib know no business terms: no features or app imports.',
            },
          ],
        },
      ],
    },
  },
);
