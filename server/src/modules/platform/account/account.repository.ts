import { DELETED_PRODUCER_NAME } from '@beatroom/shared/account-contract';
import type { Prisma, PrismaClient } from '../../../generated/prisma/client';
import { lockOwners } from '../../../db/owners-lock';

/**
 * Something another module removes of a user inside the deletion's transaction (credits, ...).
 * An eraser whose rows named stored files answers `{ fileKeys }`: they are deleted after the
 * commit with the account's other files (a rollback keeps rows and files together).
 */
/** The account is Beatroom's only owner: deleting it would leave nobody able to grant owner. */
export class LastOwnerError extends Error {
  constructor() {
    super('The last owner cannot be deleted');
  }
}

export type UserDataEraser = (tx: Prisma.TransactionClient, userId: string) => Promise<unknown>;

function erasedFileKeys(result: unknown): string[] {
  const keys = (result as { fileKeys?: unknown } | null | undefined)?.fileKeys;
  return Array.isArray(keys) ? keys.filter((key): key is string => typeof key === 'string') : [];
}

/** What a committed deletion leaves to do outside the database. */
export interface ErasedAccount {
  /** Keyed hashes of the sessions that were deleted: their sockets close everywhere. */
  sessionHashes: string[];
  /** Stored files nothing refers to any more (uploads, previews, renditions of deleted beats). */
  fileKeys: string[];
  /** The user's customers at payment providers (Stripe: deleted there, with their saved cards). */
  customers: { provider: string; customerId: string }[];
  /** Checkouts of the orders cancelled here that are still open at the provider. */
  openCheckouts: string[];
  deletedBeatIds: string[];
  /** Beats buyers hold licences for: kept, delisted, shown as by "Deleted producer". */
  keptBeatIds: string[];
}

/**
 * The table-by-table part of deleting an account, in one transaction. It knows every table
 * that holds a user's data; tables of modules written since (credits, subscriptions) are
 * removed by those modules' own erasers, run in the same transaction.
 */
export function createAccountRepository(prisma: PrismaClient) {
  return {
    /** The account section's figures; null for an unknown or deleted account. */
    async summary(userId: string) {
      const user = await prisma.user.findUnique({
        where: { id: userId },
        select: {
          id: true,
          email: true,
          name: true,
          createdAt: true,
          deletedAt: true,
          profile: { select: { displayName: true } },
          _count: { select: { beats: true, licenses: true } },
        },
      });
      return user && !user.deletedAt ? user : null;
    },

    /**
     * Deletes and anonymises everything of the user in one transaction, or answers null and
     * changes nothing when the account is unknown or already deleted. The user row is locked
     * first, so two deletions at once run one after the other and the second finds it deleted.
     */
    /** `onErased` runs last in the transaction (the beat.deleted events are written with the deletion). */
    async erase(
      userId: string,
      erasers: UserDataEraser[],
      requestedAt: Date,
      onErased?: (tx: Prisma.TransactionClient, erased: ErasedAccount) => Promise<unknown>,
    ): Promise<ErasedAccount | null> {
      return prisma.$transaction(
        async (tx) => {
          // The owners' lock before the user row, in the admin panel's order: while it is held
          // the number of owners cannot change, so the last owner can never delete themselves.
          await lockOwners(tx);
          const [user] = await tx.$queryRaw<{ deleted_at: Date | null; is_owner: boolean }[]>`
            SELECT deleted_at, is_owner FROM users WHERE id = ${userId}::uuid FOR UPDATE`;
          if (!user || user.deleted_at) return null;
          // Stamped once the row is ours: a payment that committed while this waited for the
          // row came before the deletion, and everything written after it is refused.
          const [stamp] = await tx.$queryRaw<{ at: Date }[]>`
            SELECT GREATEST(clock_timestamp(), ${requestedAt}::timestamptz) AS at`;
          const now = stamp!.at;
          if (user.is_owner) {
            const [others] = await tx.$queryRaw<{ count: number }[]>`
              SELECT count(*)::int AS count FROM users
              WHERE is_owner AND deleted_at IS NULL AND id <> ${userId}::uuid`;
            if (!others?.count) throw new LastOwnerError();
          }

          const sessions = await tx.$queryRaw<{ token_hash: string }[]>`
            DELETE FROM sessions WHERE user_id = ${userId}::uuid RETURNING token_hash`;
          // A desktop sign-in finished just before must not hand out a session afterwards.
          await tx.desktopHandoff.deleteMany({ where: { userId } });

          // Modules added later (credits, subscriptions, promotions) remove their own rows
          // first: theirs may point at the beats removed below.
          const erasedFiles: string[] = [];
          for (const erase of erasers) erasedFiles.push(...erasedFileKeys(await erase(tx, userId)));

          // A beat stays while money records point at it: a licence a buyer holds, a sale in
          // the ledger, an invoiced order (their foreign keys restrict). Everything else goes.
          const beats = await tx.$queryRaw<
            {
              id: string;
              audio_file_key: string;
              cover_image_key: string | null;
              preview_key: string | null;
              stems_key: string | null;
              kept: boolean;
            }[]
          >`
            SELECT b.id::text, b.audio_file_key, b.cover_image_key, b.preview_key, b.stems_key,
                   (EXISTS (SELECT 1 FROM licenses l WHERE l.beat_id = b.id)
                    OR EXISTS (SELECT 1 FROM sales_ledger s WHERE s.beat_id = b.id)
                    OR EXISTS (SELECT 1 FROM orders o JOIN invoices i ON i.order_id = o.id
                               WHERE o.beat_id = b.id)) AS kept
            FROM beats b WHERE b.user_id = ${userId}::uuid
            FOR UPDATE OF b`;
          const kept = beats.filter((b) => b.kept);
          const gone = beats.filter((b) => !b.kept);
          const goneIds = gone.map((b) => b.id);
          const renditions = goneIds.length
            ? await tx.beatRendition.findMany({
                where: { beatId: { in: goneIds } },
                select: { storageKey: true },
              })
            : [];
          // Plays, favourites, reviews, renditions, downloads and unpaid orders go with them.
          if (goneIds.length) await tx.beat.deleteMany({ where: { id: { in: goneIds } } });
          if (kept.length) {
            await tx.beat.updateMany({
              where: { id: { in: kept.map((b) => b.id) } },
              data: {
                delistedAt: now,
                producerName: DELETED_PRODUCER_NAME,
                isFeatured: false,
                promotionType: null,
                promotedUntil: null,
              },
            });
          }

          // Orders still waiting for payment, bought or sold by the user, are called off: nobody
          // is left to receive the licence, or to be paid for it.
          const cancelled = await tx.$queryRaw<{ provider_session_id: string | null }[]>`
            UPDATE orders SET status = 'cancelled', status_reason = 'The account was deleted', updated_at = ${now}
            WHERE status = 'pending' AND (buyer_id = ${userId}::uuid OR producer_id = ${userId}::uuid)
            RETURNING provider_session_id`;
          // So are the user's unfinished payments for credits, promotions and subscriptions.
          const cancelledPayments = await tx.$queryRaw<{ provider_session_id: string | null }[]>`
            UPDATE account_payments SET status = 'cancelled', status_reason = 'The account was deleted', updated_at = ${now}
            WHERE status = 'pending' AND user_id = ${userId}::uuid
            RETURNING provider_session_id`;

          // Uploads that kept beats still play from stay; the rest (profile pictures, the voice
          // tag, unused uploads, deleted beats' files) are removed.
          const keptKeys = kept.flatMap((b) => [b.audio_file_key, b.cover_image_key ?? '']).filter(Boolean);
          const uploads = await tx.$queryRaw<{ key: string }[]>`
            DELETE FROM uploads WHERE user_id = ${userId}::uuid AND NOT (key = ANY(${keptKeys}::text[]))
            RETURNING key`;

          // Promotions of deleted beats went with them; those of kept (delisted) beats end here.
          await tx.promotion.deleteMany({ where: { userId } });
          await tx.beatFavorite.deleteMany({ where: { userId } });
          await tx.beatReview.deleteMany({ where: { userId } });
          await tx.follow.deleteMany({ where: { OR: [{ followerId: userId }, { followedId: userId }] } });
          await tx.notification.deleteMany({ where: { userId } });
          await tx.activity.deleteMany({ where: { userId } });
          await tx.download.deleteMany({ where: { userId } });
          // Plays stay counted for the producers, no longer tied to anyone.
          await tx.beatPlay.updateMany({ where: { userId }, data: { userId: null } });
          await tx.paymentMethod.deleteMany({ where: { userId } });
          const customers = await tx.paymentCustomer.findMany({
            where: { userId },
            select: { provider: true, customerId: true },
          });
          await tx.paymentCustomer.deleteMany({ where: { userId } });
          await tx.payoutAccount.deleteMany({ where: { userId } });
          await tx.userSettings.deleteMany({ where: { userId } });
          await tx.profile.deleteMany({ where: { userId } });

          // Orders, invoices, licences and the ledger keep pointing at this row, so it stays,
          // with nothing that names the person. The identity (issuer, sub) is replaced: signing
          // in again with the same Google account starts a fresh account, not this one.
          await tx.user.update({
            where: { id: userId },
            data: {
              issuer: 'deleted',
              sub: userId,
              email: '',
              name: null,
              picture: null,
              isAdmin: false,
              isOwner: false,
              role: 'user',
              deletedAt: now,
            },
          });

          const erased: ErasedAccount = {
            sessionHashes: sessions.map((s) => s.token_hash),
            fileKeys: [
              ...new Set([
                ...uploads.map((u) => u.key),
                ...gone.flatMap((b) => [b.audio_file_key, b.cover_image_key, b.preview_key, b.stems_key]),
                ...renditions.map((r) => r.storageKey),
                ...erasedFiles,
              ]),
            ].filter((key): key is string => !!key),
            customers,
            openCheckouts: [...cancelled, ...cancelledPayments]
              .map((o) => o.provider_session_id)
              .filter((id): id is string => !!id),
            deletedBeatIds: goneIds,
            keptBeatIds: kept.map((b) => b.id),
          };
          await onErased?.(tx, erased);
          return erased;
        },
        { timeout: 60_000, maxWait: 30_000 },
      );
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
