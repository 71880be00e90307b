import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkFirstLoad, FIRST_LOAD_BUDGET_BYTES, firstLoadJs, type BudgetChunk } from './first-load-budget';

// The build's budget (vite.config.ts runs it on every `npm run build`, so in `npm test`): what
// counts as first load, and that it fails past 140 KB gzipped.

/** `kb` kilobytes of random bytes as text: gzip cannot shrink them. */
function incompressible(kb: number): string {
  return randomBytes(kb * 1024).toString('latin1');
}

function chunk(fileName: string, code: string, imports: string[] = [], isEntry = false): BudgetChunk {
  return { type: 'chunk', fileName, code, imports, isEntry };
}

describe('the first-load budget', () => {
  it('counts the entry and what it imports statically, transitively, never lazy chunks', () => {
    const bundle = {
      'index.js': chunk('index.js', incompressible(10), ['react.js'], true),
      'react.js': chunk('react.js', incompressible(20), ['runtime.js']),
      'runtime.js': chunk('runtime.js', incompressible(1)),
      'queue-panel.js': chunk('queue-panel.js', incompressible(80), ['react.js']),
      'index.css': { type: 'asset' as const },
    };
    const load = firstLoadJs(bundle);
    expect(load.files.map((f) => f.fileName).sort()).toEqual(['index.js', 'react.js', 'runtime.js']);
    expect(load.gzipBytes).toBeGreaterThan(30 * 1024);
    expect(load.gzipBytes).toBeLessThan(40 * 1024);
    expect(checkFirstLoad(load).ok).toBe(true);
  });

  it('fails when a static import pushes the first load past 140 KB gzipped', () => {
    const bundle = {
      'index.js': chunk('index.js', incompressible(100), ['vendor.js'], true),
      'vendor.js': chunk('vendor.js', incompressible(45)),
    };
    const verdict = checkFirstLoad(firstLoadJs(bundle));
    expect(FIRST_LOAD_BUDGET_BYTES).toBe(140 * 1024);
    expect(verdict.ok).toBe(false);
    expect(verdict.message).toMatch(
      /^First-load JavaScript for \/: 1\d\d\.\d KB gzipped \(budget 140\.0 KB\) in 2 files \(at most 4\): OVER BUDGET\n/,
    );
    expect(verdict.message).toContain('vendor.js');
  });

  it('fails when the first load comes in more than four files, however small', () => {
    const bundle = {
      'index.js': chunk('index.js', incompressible(1), ['a.js', 'b.js', 'c.js', 'd.js'], true),
      ...Object.fromEntries(
        ['a.js', 'b.js', 'c.js', 'd.js'].map((name) => [name, chunk(name, incompressible(1))]),
      ),
    };
    const verdict = checkFirstLoad(firstLoadJs(bundle));
    expect(verdict.ok).toBe(false);
    expect(verdict.message).toContain('in 5 files (at most 4): MORE THAN 4 FILES');
    expect(
      checkFirstLoad(firstLoadJs({ ...bundle, 'index.js': chunk('index.js', 'x', ['a.js'], true) })).ok,
    ).toBe(true);
  });
});
