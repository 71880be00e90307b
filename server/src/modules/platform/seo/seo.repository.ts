import type { PrismaClient } from '../../../generated/prisma/client';

/** Most URLs one sitemap file may list (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

export interface BeatMetaRecord {
  id: string;
  title: string;
  description: string | null;
  genre: string;
  bpm: number | null;
  priceCents: number;
  isFree: boolean;
  coverImageKey: string | null;
  producerName: string;
  userId: string;
}

export interface ProfileMetaRecord {
  id: string;
  name: string | null;
  displayName: string | null;
  bio: string | null;
  profileImageKey: string | null;
}

/** What the public pages say about themselves to search engines and link previews. */
export function createSeoRepository(prisma: PrismaClient) {
  return {
    /** A beat still in the store (not sold exclusively, not delisted), with what a preview shows. */
    async beat(id: string): Promise<BeatMetaRecord | null> {
      return prisma.beat.findFirst({
        where: { id, soldExclusiveAt: null, delistedAt: null },
        select: {
          id: true,
          title: true,
          description: true,
          genre: true,
          bpm: true,
          priceCents: true,
          isFree: true,
          coverImageKey: true,
          producerName: true,
          userId: true,
        },
      });
    },

    async profile(userId: string): Promise<ProfileMetaRecord | null> {
      const user = await prisma.user.findFirst({
        where: { id: userId, deletedAt: null },
        select: {
          id: true,
          name: true,
          profile: { select: { displayName: true, bio: true, profileImageKey: true } },
        },
      });
      if (!user) return null;
      return {
        id: user.id,
        name: user.name,
        displayName: user.profile?.displayName ?? null,
        bio: user.profile?.bio ?? null,
        profileImageKey: user.profile?.profileImageKey ?? null,
      };
    },

    /**
     * The public pages worth indexing: beats in the store, newest first, and the profiles of
     * producers with at least one of them, whose owners left their profile public.
     */
    async sitemap(): Promise<{
      beats: { id: string; updatedAt: Date }[];
      profiles: { id: string; updatedAt: Date }[];
    }> {
      const beats = await prisma.beat.findMany({
        where: { soldExclusiveAt: null, delistedAt: null },
        orderBy: { createdAt: 'desc' },
        take: SITEMAP_MAX_URLS / 2,
        select: { id: true, updatedAt: true },
      });
      const profiles = await prisma.$queryRaw<{ id: string; updatedAt: Date }[]>`
        SELECT u.id, GREATEST(u.updated_at, MAX(b.created_at)) AS "updatedAt"
        FROM users u
        JOIN beats b ON b.user_id = u.id AND b.sold_exclusive_at IS NULL AND b.delisted_at IS NULL
        LEFT JOIN user_settings s ON s.user_id = u.id
        WHERE u.deleted_at IS NULL AND COALESCE(s.profile_visibility, 'public') = 'public'
        GROUP BY u.id
        ORDER BY u.id
        LIMIT ${SITEMAP_MAX_URLS / 2}`;
      return { beats, profiles };
    },
  };
}

export type SeoRepository = ReturnType<typeof createSeoRepository>;
