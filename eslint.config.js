// One lint config for every workspace. The `no-restricted-imports` blocks below and the web's
// `web-boundaries/feature-imports` rule are the import boundaries of docs/architecture.md (who
// may import what): breaking one fails `npm test`.
import { readFileSync } from 'node:fs';
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
const noElectronInNode = {
  group: ['electron'],
  message: 'This code runs in plain Node (the browser harness): Electron objects are handed in.',
};
/** The modules of desktop/main that import electron: the Electron entry's glue. */
const electronGlue = (paths) => ({
  group: paths.flatMap((path) => ['index', 'window', 'dialogs', 'menu'].map((name) => `${path}${name}`)),
  message: 'This code runs in plain Node (the browser harness): it cannot import the Electron glue.',
});
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
        // Relative paths and the package's own name (`@beatroom/web/app`) alike.
        return eachImport(context, (node, target) => {
          const to = webZone(target);
          const why = to && webImportProblem(from, to, fromTest);
          if (why) context.report({ node: node.source, messageId: 'forbidden', data: { from, to, why } });
        });
      },
    },
  },
};

// Import specifiers are resolved to the file they name before a boundary is judged, so
// `../credits/credits.repository.js`, `../../modules/credits/credits.repository` and a package's
// own name (`@beatroom/web/app`) are all seen for what they reach. Only relative paths and this
// repository's workspace packages are resolved; other packages are left to no-restricted-imports.
const repoRoot = fileURLToPath(new URL('./', import.meta.url));
const WORKSPACE_EXPORTS = {
  '@beatroom/web': { dir: 'web', exports: readExports('web') },
  '@beatroom/shared': { dir: 'shared', exports: readExports('shared') },
  '@beatroom/server': { dir: 'server', exports: readExports('server') },
  '@beatroom/desktop': { dir: 'desktop', exports: readExports('desktop') },
};

function readExports(dir) {
  try {
    return JSON.parse(readFileSync(path.join(repoRoot, dir, 'package.json'), 'utf8')).exports ?? {};
  } catch {
    return {};
  }
}

/** The file an import specifier names (extension-less), or null for a package outside the repo. */
function resolveImport(fromFile, source) {
  let target;
  if (source.startsWith('.')) target = path.resolve(path.dirname(fromFile), source);
  else {
    const name = Object.keys(WORKSPACE_EXPORTS).find((n) => source === n || source.startsWith(`${n}/`));
    if (!name) return null;
    const { dir, exports } = WORKSPACE_EXPORTS[name];
    const sub = `.${source.slice(name.length)}`;
    let mapped = typeof exports[sub] === 'string' ? exports[sub] : null;
    if (!mapped) {
      const wildcard = Object.keys(exports).find((k) => k.endsWith('*') && sub.startsWith(k.slice(0, -1)));
      if (wildcard) mapped = exports[wildcard].replace('*', sub.slice(wildcard.length - 1));
    }
    target = path.join(repoRoot, dir, mapped ?? sub);
  }
  return target.replace(/\.(?:[cm]?[jt]sx?)$/, '');
}

/** Visits every import, re-export and dynamic import of a file with the file it resolves to. */
function eachImport(context, visit) {
  const check = (node) => {
    const source = node.source?.value;
    if (typeof source !== 'string') return;
    const target = resolveImport(context.filename, source);
    if (target) visit(node, target);
  };
  return {
    ImportDeclaration: check,
    ExportNamedDeclaration: check,
    ExportAllDeclaration: check,
    ImportExpression: check,
  };
}

// Server layers, by resolved path: http/ and events/ stand below every module and every plugin
// (modules use them, never the other way round); a module reaches another module through its
// service (decorated on the app) or its domain events, never its repository; only app.ts,
// main.ts and plugins/ import plugins.
const serverSrc = path.join(repoRoot, 'server', 'src') + path.sep;

/**
 * Where a server file sits: `module:<domain>/<name>` (modules are grouped by domain:
 * `modules/<domain>/<module>/…`), `http`, `events`, `plugins`, or another top folder.
 */
function serverZone(file) {
  if (!file.startsWith(serverSrc)) return null;
  const [top, domain, name] = path.relative(serverSrc, file).split(path.sep);
  if (top === 'modules' && domain && !domain.includes('.'))
    return name && !name.includes('.') ? `module:${domain}/${name}` : `module:${domain}`;
  return top.includes('.') ? 'root' : top;
}

function serverImportProblem(fromFile, target) {
  const from = serverZone(fromFile);
  const to = serverZone(target);
  if (!from || !to || from === to) return null;
  const below = from === 'http' || from === 'events';
  if (below && (to.startsWith('module:') || to === 'plugins'))
    return `${from}/ stands below every module and plugin: it may not import ${to.replace(':', 's/')}`;
  if (from.startsWith('module:') && to === 'plugins')
    return 'only app.ts, main.ts and plugins/ import plugins: a module uses what they decorate on the app';
  if (from.startsWith('module:') && to.startsWith('module:') && target.endsWith('.repository'))
    return "a module never imports another module's repository: call that module's service (decorated on the app) or react to its domain events";
  return null;
}

const serverBoundaries = {
  rules: {
    'layer-imports': {
      meta: { type: 'problem', schema: [], messages: { forbidden: '{{why}} ({{source}}).' } },
      create(context) {
        if (!serverZone(context.filename)) return {};
        return eachImport(context, (node, target) => {
          const why = serverImportProblem(context.filename, target);
          if (why)
            context.report({
              node: node.source,
              messageId: 'forbidden',
              data: { why, source: node.source.value },
            });
        });
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
// Stripe is one provider behind the payments module's interfaces (CheckoutProvider and the
// gateways in payment-gateways.ts): only commerce/payments, and tests that drive the fake,
// import the SDK.
const noStripe = {
  group: ['stripe', 'stripe/*'],
  message: 'Only server/src/modules/commerce/payments imports stripe: use its provider and gateways.',
};
const PAYMENTS_FILES = 'server/src/modules/commerce/payments/**/*.ts';

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
    // No source file over 300 lines, every line counted (blank lines and comments too): a longer
    // one holds more than one concern and is split along its seams. Tests and generated code may
    // run longer.
    files: [
      'server/src/**/*.{ts,tsx,js,jsx,mjs,cjs}',
      'web/src/**/*.{ts,tsx,js,jsx,mjs,cjs}',
      'desktop/src/**/*.{ts,tsx,js,jsx,mjs,cjs}',
      'desktop/harness/**/*.{ts,tsx,js,jsx,mjs,cjs}',
      'shared/src/**/*.{ts,tsx,js,jsx,mjs,cjs}',
    ],
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/test/**',
      '**/tests/**',
      '**/__tests__/**',
      'server/src/generated/**',
    ],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }] },
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
          patterns: [noElectron, noPrisma, noWebInServer, noStripe],
        },
      ],
    },
  },
  {
    files: [PAYMENTS_FILES],
    ignores: ['server/src/**/*.repository.ts', 'server/src/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noElectron, noPrisma, noWebInServer] }] },
  },
  {
    files: ['server/src/modules/**/*.repository.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noElectron, noWebInServer, noStripe] }] },
  },
  {
    // The server's layers (serverImportProblem): judged on the file each import resolves to.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/**/*.test.ts', 'server/src/generated/**'],
    plugins: { 'server-boundaries': serverBoundaries },
    rules: { 'server-boundaries/layer-imports': 'error' },
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
  // main's services and the browser harness run in plain Node, where `electron` cannot load
  // (requiring it tries to download Electron): neither imports it, nor a module of main that does.
  {
    files: ['desktop/harness/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noElectronInNode, electronGlue(['**/src/main/'])] }],
    },
  },
  {
    files: ['desktop/src/main/main-services.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noPrismaOrServer,
            { group: ['@beatroom/web', '@beatroom/web/*'], message: 'desktop/main never imports web.' },
            noElectronInNode,
            electronGlue(['./']),
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
              regex: '^@beatroom/web(?!/app$|/platform$|/beat-form$|/beat-form-fields$|/take-storage$)',
              message:
                "The renderer uses only web's exports: the app, the platform, the beat form and the studio's take storage (@beatroom/web/app, /platform, /beat-form, /beat-form-fields, /take-storage).",
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
  {
    // A web journey's second try runs on a server of its own: only journey-test's `test` knows.
    files: ['e2e/*.spec.ts', 'e2e/support/**/*.ts'],
    ignores: ['e2e/support/journey-test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message:
                "The web journeys take `test` from './support/journey-test' (a second try's own server).",
            },
          ],
        },
      ],
    },
  },
);
