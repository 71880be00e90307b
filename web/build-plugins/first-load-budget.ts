import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** The first-load goal: the JavaScript `/` needs before it renders, gzipped. */
export const FIRST_LOAD_BUDGET_BYTES = 140 * 1024;
/**
 * How many files that JavaScript may come in. On a slow phone network each costs a round trip
 * among the browser's few connections before the page can start; the entry, React and the
 * bundler's runtime are three (first-load-chunk.ts keeps the app's own modules in one).
 */
export const FIRST_LOAD_MAX_FILES = 4;

/** What the budget needs of a built chunk (a subset of Rollup's OutputChunk). */
export interface BudgetChunk {
  type: 'chunk';
  fileName: string;
  code: string;
  isEntry: boolean;
  /** Chunks it imports statically: they load with it, before it runs. */
  imports: string[];
}

export interface FirstLoad {
  files: { fileName: string; gzipBytes: number }[];
  gzipBytes: number;
}

/**
 * The first-load JavaScript of the page: every entry chunk and what it imports statically,
 * transitively (what index.html loads and modulepreloads). Lazy chunks (pages, dialogs,
 * panels loaded by import()) are not part of it.
 */
export function firstLoadJs(bundle: Record<string, BudgetChunk | { type: 'asset' }>): FirstLoad {
  const chunks = new Map(
    Object.values(bundle)
      .filter((item): item is BudgetChunk => item.type === 'chunk')
      .map((chunk) => [chunk.fileName, chunk]),
  );
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
  };
  for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
  const files = [...seen]
    .map((fileName) => chunks.get(fileName))
    .filter((chunk): chunk is BudgetChunk => chunk !== undefined)
    .map((chunk) => ({ fileName: chunk.fileName, gzipBytes: gzipSync(chunk.code, { level: 9 }).length }));
  return { files, gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The budget's verdict: a message, and whether the build must fail. */
export function checkFirstLoad(
  load: FirstLoad,
  budget = FIRST_LOAD_BUDGET_BYTES,
  maxFiles = FIRST_LOAD_MAX_FILES,
): { ok: boolean; message: string } {
  const list = load.files
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map((file) => `  ${file.fileName} ${kb(file.gzipBytes)}`)
    .join('\n');
  const underBudget = load.gzipBytes <= budget;
  const fewFiles = load.files.length <= maxFiles;
  const verdicts = [underBudget ? '' : ': OVER BUDGET', fewFiles ? '' : `: MORE THAN ${maxFiles} FILES`].join(
    '',
  );
  return {
    ok: underBudget && fewFiles,
    message: `First-load JavaScript for /: ${kb(load.gzipBytes)} gzipped (budget ${kb(budget)}) in ${load.files.length} files (at most ${maxFiles})${verdicts}\n${list}`,
  };
}

/**
 * Fails the build when the first-load JavaScript grows past the budget or is split into more
 * files: a new static import of a heavy library or page, or a chunking change that
 * scatters the first load again, shows up here, not in a phone's load time.
 */
export function firstLoadBudget(budget = FIRST_LOAD_BUDGET_BYTES): Plugin {
  return {
    name: 'beatroom:first-load-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const verdict = checkFirstLoad(firstLoadJs(bundle as Parameters<typeof firstLoadJs>[0]), budget);
      if (!verdict.ok) this.error(verdict.message);
      this.info(verdict.message);
    },
  };
}
