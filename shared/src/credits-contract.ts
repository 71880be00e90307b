// HTTP contract of credits: the balance, the ledger's
// transactions and the purchase of a pack. Credits are whole numbers and never expire; the
// balance is what the server's ledger says, never a figure the client sends.
import { z } from 'zod';
import { PURCHASE_PAYMENT_METHODS } from './money-contract';
import {
  CREDIT_PACKS,
  CREDIT_TRANSACTIONS_DEFAULT_LIMIT,
  CREDIT_TRANSACTIONS_MAX_LIMIT,
} from './money-constants';

const Credits = z.number().int();

/** GET /api/user/credits → credits: the four figures of a balance (docs/domain.md#credits-and-debt). */
export const CreditBalance = z.object({
  credits_available: Credits,
  /** Bought in packs, bonus included. */
  credits_total_purchased: Credits,
  /** Granted by a subscription's paid periods. */
  credits_total_earned: Credits,
  credits_total_spent: Credits,
});
export type CreditBalance = z.infer<typeof CreditBalance>;

/** One ledger row: amount is positive for a gain and negative for a spend. */
export const CreditTransaction = z.object({
  id: z.string(),
  description: z.string(),
  amount: Credits,
  balance_after: Credits,
  created_at: z.string(),
});
export type CreditTransaction = z.infer<typeof CreditTransaction>;

/** GET /api/user/credits?limit=: the settings section shows 10, the Buy Credits dialog 5. */
export const CreditsQuery = z.object({
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(CREDIT_TRANSACTIONS_MAX_LIMIT, `limit must be at most ${CREDIT_TRANSACTIONS_MAX_LIMIT}`)
    .default(CREDIT_TRANSACTIONS_DEFAULT_LIMIT),
});
export type CreditsQuery = z.input<typeof CreditsQuery>;

/** GET /api/user/credits: the balance and the newest transactions first. */
export const CreditsResponse = z.object({
  credits: CreditBalance,
  transactions: z.array(CreditTransaction),
});
export type CreditsResponse = z.infer<typeof CreditsResponse>;

const PACK_SIZES = CREDIT_PACKS.map((p) => p.credits);

/**
 * POST /api/user/credits/purchase: credits_amount is one of the six packs (the
 * server prices it and adds its bonus); saved needs saved_payment_method_id.
 */
export const CreditPurchaseBody = z
  .object({
    credits_amount: z
      .number()
      .int()
      .refine((n) => PACK_SIZES.includes(n as (typeof PACK_SIZES)[number]), {
        message: `credits_amount must be one of ${PACK_SIZES.join(', ')}`,
      }),
    save_payment_method: z.boolean().default(false),
    payment_method: z.enum(PURCHASE_PAYMENT_METHODS).default('new_card'),
    saved_payment_method_id: z.string().min(1).max(255).nullish(),
  })
  .refine((b) => b.payment_method !== 'saved' || !!b.saved_payment_method_id, {
    message: 'saved_payment_method_id is required to pay with a saved method',
    path: ['saved_payment_method_id'],
  });
export type CreditPurchaseBody = z.input<typeof CreditPurchaseBody>;

/** The 402 text when a spend exceeds the balance, shown verbatim. */
export function insufficientCreditsMessage(need: number): string {
  return `Insufficient credits (need ${need})`;
}
