import type { Prisma } from '../generated/prisma/client';

/**
 * A database transaction handed across modules: a service that must act inside another
 * module's transaction (credits granted with the payment that bought them) takes one of these,
 * and only repositories use it.
 */
export type Tx = Prisma.TransactionClient;
