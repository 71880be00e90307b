import type { MyBeat, MyBeatsResponse, MyBeatsSort, MyBeatStatus } from '@beatroom/shared/my-beats-contract';
import type { UserRecord } from '../../platform/users/user-record';
import type { MyBeatsRepository } from './my-beats.repository';

type BeatRow = Awaited<ReturnType<MyBeatsRepository['beatsOf']>>[number];

/** An exclusive sale ends the beat's life in the shop whatever its preview; then the preview. */
function statusOf(beat: Pick<BeatRow, 'soldExclusiveAt' | 'previewStatus'>): MyBeatStatus {
  if (beat.soldExclusiveAt) return 'sold_exclusive';
  if (beat.previewStatus === 'ready') return 'live';
  return beat.previewStatus === 'failed' ? 'failed' : 'processing';
}

const compare: Record<MyBeatsSort, (a: MyBeat, b: MyBeat) => number> = {
  newest: (a, b) => a.created_at.localeCompare(b.created_at),
  title: (a, b) => a.title.localeCompare(b.title, 'en', { sensitivity: 'base' }),
  plays: (a, b) => a.plays - b.plays,
  downloads: (a, b) => a.downloads - b.downloads,
  sales: (a, b) => a.sales - b.sales,
  revenue: (a, b) => a.revenue_cents - b.revenue_cents,
};

/** The "My beats" dashboard: the signed-in producer's beats with their numbers, and the totals. */
export function createMyBeatsService(deps: { repo: MyBeatsRepository; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return {
    /**
     * GET /api/me/beats: only the caller's own beats (the user comes from the session, never from
     * the request). A producer has at most a few hundred beats: they are sorted here, with the
     * newest first between equals so the order is stable.
     */
    async list(user: UserRecord, sort: MyBeatsSort, order: 'asc' | 'desc'): Promise<MyBeatsResponse> {
      const at = now();
      const [beats, sales, promotions] = await Promise.all([
        deps.repo.beatsOf(user.id),
        deps.repo.salesPerBeat(user.id),
        deps.repo.runningPromotions(user.id, at),
      ]);
      // Ordered by end, latest first: the first one seen per beat is the one that lasts longest.
      const promotionOf = new Map<string, { type: string; ends_at: string }>();
      for (const p of promotions) {
        if (p.endsAt && !promotionOf.has(p.beatId)) {
          promotionOf.set(p.beatId, { type: p.type, ends_at: p.endsAt.toISOString() });
        }
      }
      const rows: MyBeat[] = beats.map((beat) => ({
        id: beat.id,
        title: beat.title,
        cover_image_key: beat.coverImageKey,
        price_cents: beat.priceCents,
        // A beat priced before list prices were kept was listed in USD at price_cents.
        list_price_cents: beat.listPriceCents ?? beat.priceCents,
        list_currency: beat.listPriceCents === null || beat.listCurrency !== 'EUR' ? 'USD' : 'EUR',
        is_free: beat.isFree,
        created_at: beat.createdAt.toISOString(),
        status: statusOf(beat),
        plays: beat.playCount,
        downloads: beat.downloadCount,
        sales: sales.get(beat.id)?.sales ?? 0,
        revenue_cents: sales.get(beat.id)?.grossCents ?? 0,
        promotion: promotionOf.get(beat.id) ?? null,
      }));
      const direction = order === 'asc' ? 1 : -1;
      rows.sort(
        (a, b) =>
          direction * compare[sort](a, b) ||
          b.created_at.localeCompare(a.created_at) ||
          a.id.localeCompare(b.id),
      );
      const sum = (pick: (row: MyBeat) => number) => rows.reduce((total, row) => total + pick(row), 0);
      return {
        currency: 'USD',
        totals: {
          beats: rows.length,
          plays: sum((r) => r.plays),
          downloads: sum((r) => r.downloads),
          sales: sum((r) => r.sales),
          revenue_cents: sum((r) => r.revenue_cents),
          promoted: sum((r) => (r.promotion ? 1 : 0)),
        },
        beats: rows,
      };
    },
  };
}

export type MyBeatsService = ReturnType<typeof createMyBeatsService>;
