export type Params = Record<string, unknown>;

/** `a[b][0][c]=1` form encoding (what the SDK sends) into nested objects and arrays. */
export function parseForm(text: string): Params {
  const root: Params = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const keys = rawKey.replace(/\]/g, '').split('[');
    let node = root as Record<string, unknown>;
    keys.forEach((key, i) => {
      if (i === keys.length - 1) node[key] = value;
      else node = (node[key] ??= {}) as Record<string, unknown>;
    });
  }
  const arrays = (v: unknown): unknown => {
    if (!v || typeof v !== 'object') return v;
    const entries = Object.entries(v).map(([k, x]) => [k, arrays(x)] as const);
    return entries.length && entries.every(([k]) => /^\d+$/.test(k))
      ? entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, x]) => x)
      : Object.fromEntries(entries);
  };
  return arrays(root) as Params;
}
