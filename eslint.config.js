// One lint config for every workspace. The `no-restricted-imports` blocks below and the web's
// `web-boundaries/feature-imports` rule are the import boundaries of the architecture doc ("Who
// may import what"): breaking one fails `npm test`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

// Web feature boundaries (bulletproof-react): a feature imports only components/ui, lib, shared
// and its own files, plus features/session (who is signed in), the one feature every feature
// may use; app/ composes features, handing one feature's pieces to another through props and
// render slots. components/ui and lib know no business terms: they import only each other.
// Test helpers (web/src/test) are for tests; they render screens as the app does, inside
// features/session's provider, and know no other feature. Relative paths are resolved, so
// `../../catalogue/api` is caught from whatever folder depth it is written.
const webSrc = fileURLToPath(new URL('./web/src/', import.meta.url));
const SHARED_FEATURES = new Set(['session']);

/** Where a web file sits: a feature (by name), app, ui, lib, test, or a root file (main.tsx). */
function webZone(file) {
  const relative = path.relative(webSrc, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [top, second] = relative.split(path.sep);
  if (top === 'features' && second && !second.includes('.')) return `features/${second}`;
  if (top === 'components') return 'components/ui';
  return ['app', 'lib', 'test'].includes(top) ? top : 'root';
}

function webImportProblem(from, to, fromTest) {
  if (from === 'app' || from === 'root' || to === from) return null;
  if (to === 'test') return fromTest || from === 'test' ? null : 'test helpers are for tests only';
  if (to === 'components/ui' || to === 'lib') return null;
  const sharedFeature = to.startsWith('features/') && SHARED_FEATURES.has(to.slice('features/'.length));
  if (from === 'test' && sharedFeature) return null;
  if (from.startsWith('features/')) {
    if (sharedFeature) return null;
    return 'a feature imports only components/ui, lib, shared, its own files and features/session; app/ composes features (props, render slots)';
  }
  return 'components/ui, lib and test helpers know no business terms: no features, no app';
}

const webBoundaries = {
  rules: {
    'feature-imports': {
      meta: {
        type: 'problem',
        schema: [],
        messages: { forbidden: '{{from}} may not import {{to}}: {{why}}.' },
      },
      create(context) {
        const from = webZone(context.filename);
        if (!from) return {};
        // Tests, and helpers only tests use (`*.test-setup.ts(x)` beside them).
        const fromTest = /\.test(-setup)?\.tsx?$/.test(context.filename);
        const check = (node) => {
          const source = node.source?.value;
          if (typeof source !== 'string' || !source.startsWith('.')) return;
          const to = webZone(path.resolve(path.dirname(context.filename), source));
          const why = to && webImportProblem(from, to, fromTest);
          if (why) context.report({ node: node.source, messageId: 'forbidden', data: { from, to, why } });
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: check,
        };
      },
    },
  },
};

const noPrismaOrServer = {
  group: ['@prisma/*', '**/generated/prisma/**', '@beatroom/server', '@beatroom/server/*'],
  message: 'The desktop app talks to the server over HTTP only.',
};

// Server layers: app.ts composes plugins/ and modules/; modules, http/ and events/ sit below.
const noWebInServer = { group: ['@beatroom/web', '@beatroom/web/*'], message: 'server never imports web.' };
const noPluginsBelow = {
  group: ['**/plugins/*'],
  message: 'Only app.ts and plugins/ import plugins: a module uses what they decorate on the app.',
};
const noOtherModulesRepository = {
  group: ['../*/*.repository', '../*/*.repository.ts'],
  message:
    "A module never imports another module's repository: call that module's service (decorated on the app) or react to its domain events.",
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
      'server/.compiled-test-*/**',
      'server/.bench-realtime/**',
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
    // Tests, and helpers only tests use (`*.test-setup.ts` beside them), may import vitest.
    ignores: ['shared/src/**/*.test.ts', 'shared/src/**/*.test-setup.ts'],
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
          patterns: [noElectron, noPrisma, noWebInServer],
        },
      ],
    },
  },
  {
    // Later blocks replace the rule's options, so each repeats the server block's patterns.
    files: ['server/src/modules/**/*.ts', 'server/src/http/**/*.ts', 'server/src/events/**/*.ts'],
    ignores: ['server/src/**/*.repository.ts', 'server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [noElectron, noPrisma, noWebInServer, noPluginsBelow, noOtherModulesRepository] },
      ],
    },
  },
  {
    files: ['server/src/modules/**/*.repository.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [noElectron, noWebInServer, noPluginsBelow, noOtherModulesRepository] },
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
    plugins: { 'web-boundaries': webBoundaries },
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [nodeBuiltins, noElectron, noPrisma, noServerOrDesktop] },
      ],
      'web-boundaries/feature-imports': 'error',
    },
  },
  {
    // electron-builder loads its hooks with require(): they are CommonJS on purpose.
    files: ['build/**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // Desktop (architecture: main imports shared and electron; the preload only the IPC contract;
  // the renderer web's exports (app, platform, and the beat form it shares with the web's
  // upload) plus shared). Tests may reach further.
  {
    files: ['desktop/src/main/**/*.ts'],
    ignores: ['desktop/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noPrismaOrServer,
            { group: ['@beatroom/web', '@beatroom/web/*'], message: 'desktop/main never imports web.' },
            {
              group: ['**/renderer/**', '**/preload/**', '../renderer', '../preload'],
              message: 'main does not import the renderer or the preload: they meet only over IPC.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['desktop/src/preload/**/*.ts'],
    ignores: ['desktop/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!electron$|@beatroom/shared/ipc-contract$)',
              message:
                'The preload imports only electron and the IPC contract (@beatroom/shared/ipc-contract).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['desktop/src/renderer/**/*.{ts,tsx}'],
    ignores: ['desktop/src/**/*.test.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            nodeBuiltins,
            noElectron,
            noPrismaOrServer,
            {
              regex: '^@beatroom/web(?!/app$|/platform$|/beat-form$|/beat-form-fields$)',
              message:
                "The renderer uses only web's exports: the app, the platform and the beat form (@beatroom/web/app, /platform, /beat-form, /beat-form-fields).",
            },
            {
              group: ['**/main/**', '**/preload/**', '../main', '../preload', '**/web/src/**'],
              message:
                'The renderer reaches main only through window.beatroom, and web only through its exports.',
            },
          ],
        },
      ],
    },
  },
);
