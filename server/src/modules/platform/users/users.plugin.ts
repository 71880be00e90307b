import fp from 'fastify-plugin';
import { createUsersRepository } from './users.repository';
import { createUsersService, type UsersService } from './users.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Accounts: found and created by sign-in (auth), owned here. */
    users: UsersService;
  }
}

export const usersPlugin = fp(
  async (app, opts: { adminEmail?: string }) => {
    app.decorate(
      'users',
      createUsersService({
        repo: createUsersRepository(app.db.prisma),
        firstOwnerEmail: opts.adminEmail ?? null,
      }),
    );
  },
  { name: 'users', dependencies: ['db'] },
);
