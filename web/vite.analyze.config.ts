import { defineConfig } from 'vite';
import base from './vite.config';
const plugins = (base.plugins ?? []).flat().filter((p) => !(p && typeof p === 'object' && 'name' in p && p.name === 'beatroom:first-load-budget'));
export default defineConfig({
  ...base,
  plugins: [...plugins, {
    name: 'analyze', apply: 'build',
    generateBundle(_o, bundle) {
      const out: string[] = [];
      for (const c of Object.values(bundle)) {
        if (c.type !== 'chunk') continue;
        const mods = Object.entries(c.modules).map(([id, m]) => [m.renderedLength, id.replace(/.*node_modules\//, 'nm/').replace(/.*\/work\/main\//, '')] as const).sort((a, b) => b[0] - a[0]);
        out.push(`## ${c.fileName} entry=${c.isEntry} imports=${c.imports.join(',')} dyn=${c.dynamicImports.length}`);
        for (const [len, id] of mods) out.push(`  ${len} ${id}`);
      }
      (globalThis as any).process.getBuiltinModule('node:fs').writeFileSync('/tmp/f-measure/analyze.txt', out.join('\n'));
    },
  }],
});
