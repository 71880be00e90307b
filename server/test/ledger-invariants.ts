import { expect } from 'vitest';
import type { PrismaClient } from '../src/generated/prisma/client';

/**
 * The money rules that must hold after anything that moves money, checked in SQL against the
 * test database. Each query lists the rows that break its rule; an empty list everywhere is a
 * consistent ledger:
 * - every credit balance (available and debt) equals the sum of its ledger rows, and each
 *   ledger row's balance_after chains from the previous one;
 * - each order that was paid has one invoice, and a licence and a sale row per line; one never
 *   paid has none; a paid order's licence is not revoked by a refund (an upgrade may have
 *   replaced it), a refunded one's is revoked;
 * - each refund has one credit note of the same amount, and one reversing row: a negative
 *   sales-ledger row for an order, a credit-ledger row (refund:<id>) for a credit pack's
 *   credits taken back (a subscription period's, when it included credits);
 *   an order is never refunded beyond what was paid, and a whole refund nets its sale to zero;
 * - invoice and credit note numbers run 1, 2, 3… within each year, without gaps;
 * - nothing is written for a deleted user after their deletion.
 */
export const LEDGER_INVARIANTS: Record<string, string> = {
  'credit balance equals the sum of its ledger rows': `
    SELECT b.user_id, b.available, b.debt, COALESCE(l.amount, 0) AS ledger_amount,
           COALESCE(l.debt, 0) AS ledger_debt
    FROM credit_balances b
    LEFT JOIN (SELECT user_id, SUM(amount)::int AS amount, SUM(debt_change)::int AS debt
               FROM credit_ledger GROUP BY user_id) l ON l.user_id = b.user_id
    WHERE b.available <> COALESCE(l.amount, 0) OR b.debt <> COALESCE(l.debt, 0)`,
  'credit ledger rows without a balance': `
    SELECT l.user_id FROM credit_ledger l
    WHERE NOT EXISTS (SELECT 1 FROM credit_balances b WHERE b.user_id = l.user_id)
    GROUP BY l.user_id`,
  'credit balance_after chains the ledger rows': `
    SELECT id, user_id, amount, balance_after FROM (
      SELECT id, user_id, amount, balance_after,
             SUM(amount) OVER (PARTITION BY user_id ORDER BY id)::int AS running
      FROM credit_ledger) r
    WHERE balance_after <> running`,
  'a paid order has a licence and a sale row per line, one invoice; an unpaid one none': `
    SELECT o.id, o.status,
           (SELECT COUNT(*)::int FROM licenses l WHERE l.order_id = o.id) AS licences,
           (SELECT COUNT(*)::int FROM invoices i WHERE i.order_id = o.id) AS invoices,
           (SELECT COUNT(*)::int FROM sales_ledger s WHERE s.order_id = o.id AND s.kind = 'sale') AS sales
    FROM orders o
    WHERE (o.paid_at IS NOT NULL AND (
             (SELECT COUNT(*) FROM licenses l WHERE l.order_id = o.id)
               <> GREATEST(1, (SELECT COUNT(*) FROM order_lines ol WHERE ol.order_id = o.id))
          OR (SELECT COUNT(*) FROM invoices i WHERE i.order_id = o.id) <> 1
          OR (SELECT COUNT(*) FROM sales_ledger s WHERE s.order_id = o.id AND s.kind = 'sale')
               <> GREATEST(1, (SELECT COUNT(*) FROM order_lines ol WHERE ol.order_id = o.id))))
       OR (o.paid_at IS NULL AND (
             EXISTS (SELECT 1 FROM licenses l WHERE l.order_id = o.id)
          OR EXISTS (SELECT 1 FROM invoices i WHERE i.order_id = o.id)
          OR EXISTS (SELECT 1 FROM sales_ledger s WHERE s.order_id = o.id)))`,
  "a paid order's licence is in force, a refunded one's revoked": `
    SELECT o.id, o.status, l.revoked_at FROM orders o JOIN licenses l ON l.order_id = o.id
    WHERE (o.status = 'paid' AND l.revoked_reason IN ('refunded', 'dispute_lost'))
       OR (o.status = 'refunded' AND l.revoked_at IS NULL)`,
  'each refund has one credit note of its amount': `
    SELECT r.id, r.amount_cents, COUNT(c.id)::int AS notes, MIN(c.total_cents) AS note_total
    FROM refunds r LEFT JOIN credit_notes c ON c.refund_id = r.id
    GROUP BY r.id, r.amount_cents
    HAVING COUNT(c.id) <> 1 OR MIN(c.total_cents) <> r.amount_cents`,
  'each order refund has reversing sale rows (one per line at most) of its amount': `
    SELECT r.id, r.amount_cents, COUNT(s.id)::int AS rows, SUM(s.gross_cents)::int AS gross
    FROM refunds r LEFT JOIN sales_ledger s ON s.refund_id = r.id AND s.kind = 'reversal'
    WHERE r.order_id IS NOT NULL
    GROUP BY r.id, r.amount_cents
    HAVING COUNT(s.id) = 0 OR COUNT(s.id) > COUNT(DISTINCT s.beat_id)
        OR SUM(s.gross_cents) <> -r.amount_cents`,
  'each refund of a credit pack has one credit-ledger row taking its credits back': `
    SELECT r.id FROM refunds r JOIN account_payments p ON p.id = r.account_payment_id
    WHERE p.kind = 'credits'
      AND (SELECT COUNT(*) FROM credit_ledger l
           WHERE l.idempotency_key = 'refund:' || r.id::text AND l.kind = 'refunded') <> 1`,
  'a refund of a subscription period takes back at most one credit-ledger row': `
    SELECT r.id FROM refunds r
    WHERE r.order_id IS NULL AND r.subscription_period_id IS NOT NULL
      AND (SELECT COUNT(*) FROM credit_ledger l WHERE l.idempotency_key = 'refund:' || r.id::text) > 1`,
  'an order is refunded at most what was paid, and a whole refund nets its sale to zero': `
    SELECT o.id, o.amount_cents, SUM(r.amount_cents)::int AS refunded,
           (SELECT SUM(s.net_cents)::int FROM sales_ledger s WHERE s.order_id = o.id) AS net
    FROM orders o JOIN refunds r ON r.order_id = o.id
    GROUP BY o.id, o.amount_cents
    HAVING SUM(r.amount_cents) > o.amount_cents
        OR (BOOL_OR(r.full) AND (SELECT SUM(s.gross_cents) FROM sales_ledger s WHERE s.order_id = o.id) <> 0)
        OR (BOOL_OR(r.full) AND (SELECT SUM(s.net_cents) FROM sales_ledger s WHERE s.order_id = o.id) <> 0)`,
  'invoice numbers run without gaps within a year': `
    SELECT substr(invoice_number, 4, 4) AS year, COUNT(*)::int AS count,
           MAX(substr(invoice_number, 9)::int) AS last
    FROM invoices GROUP BY 1
    HAVING COUNT(*) <> MAX(substr(invoice_number, 9)::int)
        OR COUNT(DISTINCT substr(invoice_number, 9)::int) <> COUNT(*)`,
  'credit note numbers run without gaps within a year': `
    SELECT substr(credit_note_number, 4, 4) AS year, COUNT(*)::int AS count,
           MAX(substr(credit_note_number, 9)::int) AS last
    FROM credit_notes GROUP BY 1
    HAVING COUNT(*) <> MAX(substr(credit_note_number, 9)::int)
        OR COUNT(DISTINCT substr(credit_note_number, 9)::int) <> COUNT(*)`,
  'nothing is written for a deleted user after the deletion': `
    SELECT u.id, t.what, t.at FROM users u JOIN (
      SELECT buyer_id AS user_id, 'order' AS what, created_at AS at FROM orders
      UNION ALL SELECT buyer_id, 'licence', created_at FROM licenses
      UNION ALL SELECT user_id, 'invoice', created_at FROM invoices
      UNION ALL SELECT producer_id, 'sale row', created_at FROM sales_ledger WHERE kind = 'sale'
      UNION ALL SELECT user_id, 'credit row', created_at FROM credit_ledger
      UNION ALL SELECT user_id, 'credit note', issued_at FROM credit_notes
      UNION ALL SELECT user_id, 'account payment', created_at FROM account_payments
    ) t ON t.user_id = u.id
    WHERE u.deleted_at IS NOT NULL AND t.at > u.deleted_at`,
};

type WithPrisma = { db: { prisma: PrismaClient } } | PrismaClient;

/** The rows breaking each invariant (only the invariants that are broken are listed). */
export async function ledgerViolations(target: WithPrisma): Promise<Record<string, unknown[]>> {
  const prisma = 'db' in target ? target.db.prisma : target;
  const broken: Record<string, unknown[]> = {};
  for (const [rule, sql] of Object.entries(LEDGER_INVARIANTS)) {
    const rows = await prisma.$queryRawUnsafe<unknown[]>(sql);
    if (rows.length) broken[rule] = rows;
  }
  return broken;
}

/**
 * Fails the test when any ledger invariant is broken, naming the rule and the rows. Call it
 * after every test that moves money: `await expectLedgerInvariants(t.app)`.
 */
export async function expectLedgerInvariants(target: WithPrisma): Promise<void> {
  const broken = await ledgerViolations(target);
  expect(broken, 'ledger invariants').toEqual({});
}
