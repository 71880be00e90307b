import type { AccountSummary } from '@beatroom/shared/account-contract';
import type { Tx } from '../../../db/transaction';
import type { DomainEvents } from '../../../events/domain-events';
import { forbidden, unauthorized } from '../../../http/http-errors';
import type { Storage } from '../storage/storage';
import type { UserRecord } from '../users/user-record';
import {
  LastOwnerError,
  type AccountRepository,
  type ErasedAccount,
  type UserDataEraser,
} from './account.repository';

interface Log {
  warn(obj: object, msg: string): void;
}

/** The provider calls made after the database part committed; failures are logged, not fatal. */
export interface AccountProviders {
  /** Deletes a customer at the payment provider (Stripe: with its saved cards); local: nothing. */
  deleteCustomer(customer: { provider: string; customerId: string }): Promise<void>;
  /** Ends an open checkout of an order the deletion cancelled. */
  cancelCheckout(sessionId: string): Promise<void>;
}

/**
 * The signed-in user's account: what the account section shows, and deletion
 * (docs/domain.md#what-account-deletion-keeps). Deletion is one transaction for the data; what
 * lives elsewhere (sockets on every instance, stored files, the Stripe customer) is handled after
 * the commit, so a failure there never leaves half-deleted data behind.
 */
export function createAccountService(deps: {
  repo: AccountRepository;
  /** Other modules' removals, run inside the transaction (credits, subscriptions, ...). */
  erasers: UserDataEraser[];
  storage: Pick<Storage, 'delete'>;
  providers: AccountProviders;
  events: Pick<DomainEvents, 'emit' | 'record' | 'deliver'>;
  /** Browse pages held in memory must drop the deleted and delisted beats. */
  forgetListPages: () => void;
  log: Log;
  now?: () => Date;
}) {
  const { repo, log } = deps;
  const now = deps.now ?? (() => new Date());

  /** Erases in one transaction; the last owner is refused with nothing changed. */
  async function erase(userId: string, erasers: UserDataEraser[], eventIds: string[]) {
    try {
      return await repo.erase(userId, erasers, now(), recordDeletedBeats(userId, eventIds));
    } catch (error) {
      if (error instanceof LastOwnerError) {
        throw forbidden('Beatroom needs an owner: make someone else owner before deleting this account');
      }
      throw error;
    }
  }

  /** In the deletion's transaction: the beat.deleted events commit (or not) with it. */
  function recordDeletedBeats(userId: string, eventIds: string[]) {
    return async (tx: Tx, erased: ErasedAccount) => {
      for (const beatId of erased.deletedBeatIds) {
        eventIds.push(await deps.events.record(tx, { type: 'beat.deleted', beatId, userId }));
      }
    };
  }

  async function afterCommit(userId: string, erased: ErasedAccount, eventIds: string[]) {
    // Realtime listens for session.ended and closes the sockets on every instance (Redis).
    for (const tokenHash of erased.sessionHashes) {
      await deps.events.emit({ type: 'session.ended', tokenHash, userId, reason: 'account_deleted' });
    }
    deps.forgetListPages();
    await deps.events.deliver(eventIds);
    for (const sessionId of erased.openCheckouts) {
      await deps.providers
        .cancelCheckout(sessionId)
        .catch((error: unknown) => log.warn({ err: error, sessionId }, 'could not end an open checkout'));
    }
    for (const customer of erased.customers) {
      await deps.providers
        .deleteCustomer(customer)
        .catch((error: unknown) =>
          log.warn({ err: error, customerId: customer.customerId }, 'could not delete a payment customer'),
        );
    }
    for (const key of erased.fileKeys) {
      await deps.storage
        .delete(key)
        .catch((error: unknown) => log.warn({ err: error, key }, 'could not delete a file'));
    }
  }

  return {
    async summary(user: UserRecord): Promise<AccountSummary> {
      const found = await repo.summary(user.id);
      if (!found) throw unauthorized();
      return {
        id: found.id,
        name: found.profile?.displayName ?? found.name,
        email: found.email,
        member_since: found.createdAt.toISOString(),
        beats_count: found._count.beats,
        licences_count: found._count.licenses,
      };
    },

    /**
     * Deletes the caller's account. The phrase was checked by the route's schema. A second
     * deletion (a retry racing the first) finds the account gone and changes nothing: 401, as
     * for any request whose session no longer exists.
     */
    async remove(user: UserRecord): Promise<{ deleted: true }> {
      const eventIds: string[] = [];
      const erased = await erase(user.id, deps.erasers, eventIds);
      if (!erased) throw unauthorized();
      await afterCommit(user.id, erased, eventIds);
      return { deleted: true };
    },

    /**
     * An owner's deletion of another account from the admin panel: the same erasure
     * as `remove`, with the caller's `alsoInTransaction` (its permission re-check under lock and
     * its audit row) inside the deletion's transaction; throwing there changes nothing. false
     * when the account is unknown or already deleted.
     */
    async removeUser(userId: string, alsoInTransaction: UserDataEraser): Promise<boolean> {
      const eventIds: string[] = [];
      const erased = await erase(userId, [alsoInTransaction, ...deps.erasers], eventIds);
      if (!erased) return false;
      await afterCommit(userId, erased, eventIds);
      return true;
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
