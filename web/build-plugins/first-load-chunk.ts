import type { Plugin } from 'vite';

/**
 * One chunk for the app's first-load modules. Left to itself the bundler splits out every module
 * that the first page and some lazy page both use, by which pages share it: `/` then preloaded
 * 31 files, most under 1 KB, and a phone on a slow network pays a round trip per few of them
 * before the page can start. Every module `src/main.tsx` imports statically, directly or not,
 * loads with the first page anyway, so putting them in one chunk adds no byte to the first load;
 * lazy pages that use some of them import that chunk, which is already there.
 *
 * The plugin notes each module's static imports as they are parsed; `test` (a codeSplitting
 * group's) answers whether a module is reachable from the entry through them. Stylesheets are
 * left to the CSS pipeline.
 */
export function firstLoadChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  const imports = new Map<string, readonly string[]>();
  const entries: string[] = [];
  let reachable: Set<string> | null = null;

  const plugin: Plugin = {
    name: 'beatroom:first-load-chunk',
    apply: 'build',
    buildStart() {
      imports.clear();
      entries.length = 0;
      reachable = null;
    },
    moduleParsed(info) {
      imports.set(info.id, info.importedIds);
      if (info.isEntry) entries.push(info.id);
    },
  };

  function walk(): Set<string> {
    const seen = new Set<string>();
    const stack = [...entries];
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(imports.get(id) ?? []));
    }
    return seen;
  }

  return {
    plugin,
    test: (id) => !/\.css(\?|$)/.test(id) && (reachable ??= walk()).has(id),
  };
}
