import type pg from 'pg';

export interface Check {
  ok: boolean;
  text: string;
}

const INVOICE_NUMBER = /^BR-(\d{4})-(\d{6})$/;

/**
 * Invoice numbers per year must run 1, 2, 3 ... with no gap and no repeat, and the counter must
 * stand at the last one: a rolled-back fulfilment that still used up a number, or two that drew
 * the same one, shows here.
 */
async function invoicesGapless(db: pg.Client): Promise<Check> {
  const { rows } = await db.query<{ invoice_number: string }>('SELECT invoice_number FROM invoices');
  const counters = await db.query<{ year: number; last_number: number }>(
    'SELECT year, last_number FROM invoice_counters',
  );
  const byYear = new Map<number, number[]>();
  const malformed = rows.filter((r) => !INVOICE_NUMBER.test(r.invoice_number));
  for (const { invoice_number } of rows) {
    const match = INVOICE_NUMBER.exec(invoice_number);
    if (!match) continue;
    const year = Number(match[1]);
    byYear.set(year, [...(byYear.get(year) ?? []), Number(match[2])]);
  }
  const problems: string[] = malformed.map((r) => `malformed ${r.invoice_number}`);
  for (const [year, numbers] of byYear) {
    numbers.sort((a, b) => a - b);
    const broken = numbers.findIndex((n, i) => n !== i + 1);
    if (broken >= 0) problems.push(`${year}: number ${broken + 1} is ${numbers[broken]}`);
    const counter = counters.rows.find((c) => c.year === year)?.last_number;
    if (counter !== numbers.length)
      problems.push(`${year}: counter ${counter} for ${numbers.length} invoices`);
  }
  const ranges = [...byYear].map(
    ([year, n]) =>
      `BR-${year}-${String(1).padStart(6, '0')} .. BR-${year}-${String(n.length).padStart(6, '0')}`,
  );
  return {
    ok: problems.length === 0 && rows.length > 0,
    text: problems.length
      ? `invoices NOT gapless: ${problems.slice(0, 5).join('; ')}`
      : `${rows.length} invoices, numbered without gaps or repeats (${ranges.join(', ')})`,
  };
}

/** Polls `read` until it answers `expected` (events are delivered after the transaction). */
async function settled(read: () => Promise<number>, expected: number, ms = 15_000): Promise<number> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value === expected || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * What the database says after the runs: every order paid exactly once (one licence, one invoice,
 * one ledger entry, a payment id), nothing refunded, money adding up, invoices gapless, one
 * "New sale" notification and one feed entry per sale, each Stripe event recorded once.
 */
export async function verifyFulfilment(
  db: pg.Client,
  expected: { orders: number; stripeEvents: number; refundsAtProvider: number },
): Promise<Check[]> {
  const count = async (sql: string) => (await db.query<{ n: number }>(sql)).rows[0]!.n;
  const statuses = await db.query<{ status: string; provider: string; n: number }>(
    'SELECT status, provider, count(*)::int AS n FROM orders GROUP BY 1, 2 ORDER BY 2, 1',
  );
  const paid = statuses.rows.filter((r) => r.status === 'paid').reduce((sum, r) => sum + r.n, 0);
  const summary = statuses.rows.map((r) => `${r.provider} ${r.status} ${r.n}`).join(', ');
  const notOnce = await count(`
    SELECT count(*)::int AS n FROM orders o
    WHERE (SELECT count(*) FROM licenses l WHERE l.order_id = o.id) <> 1
       OR (SELECT count(*) FROM invoices i WHERE i.order_id = o.id) <> 1
       OR (SELECT count(*) FROM sales_ledger s WHERE s.order_id = o.id) <> 1
       OR o.provider_payment_id IS NULL OR o.paid_at IS NULL`);
  const money = await db.query<{ orders: number; ledger: number; invoiced: number }>(`
    SELECT (SELECT coalesce(sum(amount_cents), 0)::int FROM orders WHERE status = 'paid') AS orders,
           (SELECT coalesce(sum(gross_cents), 0)::int FROM sales_ledger) AS ledger,
           (SELECT coalesce(sum(total_cents), 0)::int FROM invoices) AS invoiced`);
  const sums = money.rows[0]!;
  const sales = await settled(
    () => count(`SELECT count(*)::int AS n FROM notifications WHERE type = 'new_sale'`),
    expected.orders,
  );
  const feed = await settled(
    () => count(`SELECT count(*)::int AS n FROM activities WHERE type = 'beat_purchased'`),
    expected.orders,
  );
  const events = await count('SELECT count(*)::int AS n FROM stripe_events');
  const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  return [
    {
      ok: paid === expected.orders && statuses.rows.every((r) => r.status === 'paid'),
      text: `orders: ${summary} (expected ${expected.orders} paid, nothing else)`,
    },
    {
      ok: notOnce === 0,
      text: `each order fulfilled exactly once (1 licence, 1 invoice, 1 ledger entry): ${notOnce} exceptions`,
    },
    {
      ok: sums.orders === sums.ledger && sums.orders === sums.invoiced,
      text: `money adds up: orders ${usd(sums.orders)}, ledger gross ${usd(sums.ledger)}, invoiced ${usd(sums.invoiced)}`,
    },
    await invoicesGapless(db),
    {
      ok: sales === expected.orders,
      text: `"New sale" notifications: ${sales} for ${expected.orders} sales`,
    },
    {
      ok: feed === expected.orders,
      text: `beat_purchased feed entries: ${feed} for ${expected.orders} sales`,
    },
    {
      ok: events === expected.stripeEvents,
      text: `Stripe events recorded once each: ${events} (expected ${expected.stripeEvents})`,
    },
    {
      ok: expected.refundsAtProvider === 0,
      text: `refunds asked of the provider: ${expected.refundsAtProvider}`,
    },
  ];
}
