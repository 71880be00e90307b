import fp from 'fastify-plugin';
import type { Config } from '../../../config';
import { createAccountRepository, type UserDataEraser } from './account.repository';
import { accountRoutes } from './account.routes';
import { createAccountService, type AccountService } from './account.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The signed-in user's account: its summary and its deletion. */
    account: AccountService;
  }
}

/**
 * Registered after every module whose data a deletion removes. A module that keeps a user's
 * data in tables of its own adds one eraser line below (run inside the deletion's transaction).
 */
export const accountPlugin = fp(
  async (app, opts: { config: Config }) => {
    const erasers: UserDataEraser[] = [
      (tx, userId) => app.credits.removeAll(tx, userId),
      // Also cancels the subscriptions at Stripe, so nothing is billed after the deletion.
      (tx, userId) => app.subscriptions.removeAll(tx, userId),
      // Takes and studio sessions; the takes' files are deleted after the commit.
      (tx, userId) => app.recordings.removeAll(tx, userId),
      (tx, userId) => app.studio.removeAll(tx, userId),
      // Collaboration requests (with the responses to them) and the user's own responses.
      (tx, userId) => app.collaborations.removeAll(tx, userId),
      // Open challenges created are cancelled (fees back to living entrants), entries withdrawn.
      (tx, userId) => app.challengeWithdrawal.removeAll(tx, userId),
    ];
    const { gateways, provider } = app.payments;
    app.decorate(
      'account',
      createAccountService({
        repo: createAccountRepository(app.db.prisma),
        erasers,
        storage: app.storage,
        providers: {
          // Deleting the Stripe customer deletes its saved cards and ends its subscriptions there.
          async deleteCustomer(customer) {
            if (customer.provider === 'stripe' && gateways)
              await gateways.deleteCustomer(customer.customerId);
          },
          cancelCheckout: (sessionId) => provider.cancelCheckout(sessionId),
        },
        events: app.domainEvents,
        forgetListPages: () => app.beats.forgetListPages(),
        log: app.log,
      }),
    );
    await app.register(accountRoutes, { config: opts.config });
  },
  {
    name: 'account',
    dependencies: [
      'db',
      'auth',
      'domain-events',
      'storage',
      'beats',
      'payments',
      'credits',
      'subscriptions',
      'recordings',
      'studio',
      'collaborations',
      'challenges',
    ],
  },
);
