import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { build, type Rolldown } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { firstLoadJs, type BudgetChunk } from './first-load-budget';
import { codeSplittingGroups } from './first-load-chunk';

// A real build of a small app with the groups vite.config.ts uses: the modules the entry needs
// come in one file, and what only lazy pages use stays out of the first load, even when both
// import it from one library index that re-exports everything (as lucide-react's icons are).

let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

async function buildApp(): Promise<Rolldown.OutputChunk[]> {
  dir = mkdtempSync(join(tmpdir(), 'beatroom-first-load-'));
  const files: Record<string, string> = {
    'index.html': '<!doctype html><html><body><script type="module" src="/main.js"></script></body></html>',
    'main.js': `import { price } from './price.js';
      import { store } from './store.js';
      import { Play } from 'lucide-react';
      document.body.append(price(store.cents), Play);
      document.body.onclick = () => import('./checkout.js').then((m) => m.open());
      document.body.onkeydown = () => import('./studio.js').then((m) => m.open());`,
    'studio.js': `import { store } from './store.js';
      export const open = () => console.log(store.label, 'studio');`,
    'price.js': `export const price = (cents) => '$' + (cents / 100).toFixed(2) + ' [price module]';`,
    'store.js': `export const store = { cents: 1250, label: '[store module]' };`,
    'editor.js': `export const editor = () => '[editor module]';`,
    // A lazy page that loads another: the second shares modules with the entry and the first.
    'checkout.js': `import { editor } from './editor.js';
      import { Trophy } from 'lucide-react';
      export const open = () => import('./receipt.js').then((m) => m.show(editor() + Trophy));`,
    'receipt.js': `import { price } from './price.js';
      import { store } from './store.js';
      import { editor } from './editor.js';
      import { Medal } from 'lucide-react';
      export const show = (text) => console.log(price(store.cents), store.label, editor(), Medal, text);`,
    // A stand-in icon library: one index re-exporting every icon, free of side effects.
    'node_modules/lucide-react/package.json': JSON.stringify({
      name: 'lucide-react',
      type: 'module',
      sideEffects: false,
      main: 'index.js',
    }),
    'node_modules/lucide-react/index.js': ['play', 'trophy', 'medal']
      .map(
        (icon) =>
          `export { default as ${icon[0]!.toUpperCase()}${icon.slice(1)} } from './icons/${icon}.js';`,
      )
      .join('\n'),
    ...Object.fromEntries(
      ['play', 'trophy', 'medal'].map((icon) => [
        `node_modules/lucide-react/icons/${icon}.js`,
        `export default '[${icon} icon]';`,
      ]),
    ),
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  const result = await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: false,
      modulePreload: { polyfill: false },
      rolldownOptions: {
        output: {
          codeSplitting: { groups: codeSplittingGroups },
        },
      },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  return outputs.flatMap((output) =>
    'output' in output
      ? output.output.filter((item): item is Rolldown.OutputChunk => item.type === 'chunk')
      : [],
  );
}

/** The first-load files (the entry and its static imports) and, of those, which hold `marker`. */
function firstLoad(chunks: Rolldown.OutputChunk[]) {
  const bundle = Object.fromEntries(chunks.map((chunk) => [chunk.fileName, chunk as unknown as BudgetChunk]));
  const files = firstLoadJs(bundle).files.map((file) =>
    chunks.find((chunk) => chunk.fileName === file.fileName)!,
  );
  return {
    files,
    holding: (marker: string) =>
      files.filter((chunk) => chunk.code.includes(marker)).map((chunk) => chunk.fileName),
    lazyCode: chunks
      .filter((chunk) => !files.includes(chunk))
      .map((chunk) => chunk.code)
      .join('\n'),
  };
}

describe('the first-load chunk', () => {
  it('puts every app module the entry imports in one file, and nothing only lazy pages use', async () => {
    const load = firstLoad(await buildApp());
    expect(load.holding('[store module]')).toHaveLength(1);
    expect(load.holding('[store module]')).toEqual(load.holding('[price module]'));
    expect(load.holding('[editor module]')).toEqual([]);
    expect(load.lazyCode).toContain('[editor module]');
  });

  it("brings only the icons the first page draws, and the lazy pages' icons in one other file", async () => {
    const chunks = await buildApp();
    const load = firstLoad(chunks);
    expect(load.holding('[play icon]')).toEqual(load.holding('[store module]'));
    expect(load.holding('[trophy icon]')).toEqual([]);
    expect(load.holding('[medal icon]')).toEqual([]);
    const lazyIcons = chunks.filter((chunk) => /\[(trophy|medal) icon\]/.test(chunk.code));
    expect(lazyIcons).toHaveLength(1);
    expect(lazyIcons[0]!.code).toContain('[trophy icon]');
    expect(lazyIcons[0]!.code).toContain('[medal icon]');
  });
});
