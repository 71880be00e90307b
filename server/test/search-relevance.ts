/**
 * How close a search's first page stays to the reference ranking (every match ranked
 * exhaustively, recorded once in fixtures/search-relevance-reference.json on the relevance
 * catalogue): nDCG@10 with graded gains (the reference's first beat gains 10, its tenth 1, any
 * other beat 0) and the share of the reference's ten found among the first ten.
 */
export const RELEVANCE_QUERIES = [
  // The bench's search mix.
  'midnight',
  'trap',
  'nova beats',
  'neon dri',
  'ghost',
  'velv',
  'sliding 808s',
  'empire',
  'lucid dreams',
  'warm keys',
  'kairo',
  'savage riot',
  // Typos: a letter missing, swapped or doubled (only inner parts of words still match).
  'idnight',
  'midnigth',
  'ghots',
  'empir',
  'velvett',
  'skylin',
  // Prefixes.
  'mid',
  'gho',
  'sav',
  'parad',
  'hor',
  'elec',
  'cos',
  // Two and three words.
  'golden dreams',
  'dark trap',
  'neon city',
  'frozen heart',
  'toxic money',
  'midnight trap dark',
  'velvet rain chill',
  'royal waves drill',
  'crimson shadows 42',
  'lush pads jazz',
  // Producer names.
  'kairo keys',
  'mira loops',
  'luca made it',
  'dex on the track',
  'yuki',
  'metro sound',
  'zay rhythm',
  // Moods and genres.
  'dark',
  'chill',
  'energetic',
  'melancholic',
  'hip-hop',
  'r&b',
  'afrobeat',
  'drill',
  'electronic',
  // Descriptions and numbers.
  'dusty samples',
  'live guitar',
  'drums',
  '808',
  '42',
] as const;

export const PAGE = 10;

/** nDCG@10 of `ranked` against the reference's first ten. An empty reference wants nothing. */
export function ndcgAt10(reference: readonly number[], ranked: readonly number[]): number {
  const ideal = reference.slice(0, PAGE);
  if (!ideal.length) return ranked.length ? 0 : 1;
  const gain = new Map(ideal.map((n, i) => [n, PAGE - i]));
  const dcg = (list: readonly number[]) =>
    list.slice(0, PAGE).reduce((sum, n, i) => sum + (gain.get(n) ?? 0) / Math.log2(i + 2), 0);
  return dcg(ranked) / dcg(ideal);
}

/** The share of the reference's first ten among the first ten ranked. */
export function recallAt10(reference: readonly number[], ranked: readonly number[]): number {
  const ideal = reference.slice(0, PAGE);
  if (!ideal.length) return ranked.length ? 0 : 1;
  const found = new Set(ranked.slice(0, PAGE));
  return ideal.filter((n) => found.has(n)).length / ideal.length;
}

export interface RelevanceSummary {
  perQuery: { query: string; ndcg: number; recall: number }[];
  meanNdcg: number;
  meanRecall: number;
  lowest: { query: string; ndcg: number };
}

export function summarise(
  reference: Record<string, number[]>,
  ranked: Record<string, number[]>,
): RelevanceSummary {
  const perQuery = Object.keys(reference).map((query) => ({
    query,
    ndcg: ndcgAt10(reference[query]!, ranked[query] ?? []),
    recall: recallAt10(reference[query]!, ranked[query] ?? []),
  }));
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const lowest = perQuery.reduce((low, q) => (q.ndcg < low.ndcg ? q : low), perQuery[0]!);
  return {
    perQuery,
    meanNdcg: mean(perQuery.map((q) => q.ndcg)),
    meanRecall: mean(perQuery.map((q) => q.recall)),
    lowest: { query: lowest.query, ndcg: lowest.ndcg },
  };
}

/** The line the bench prints (and the test reports). */
export function relevanceLine(s: RelevanceSummary): string {
  return `relevance: mean nDCG@10 ${s.meanNdcg.toFixed(3)}, lowest ${s.lowest.ndcg.toFixed(3)} (${s.lowest.query})`;
}
