import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { member } from '../../../../test/community-fixtures';
import { createTestApp } from '../../../../test/helpers';
import { expectLedgerInvariants } from '../../../../test/ledger-invariants';
import { ACCOUNT_DELETED } from '../../../db/user-lock';
import type { Tx } from '../../../db/transaction';
import { HttpError } from '../../../http/http-errors';

let t: Awaited<ReturnType<typeof createTestApp>>;
let ann: Awaited<ReturnType<typeof member>>;
let bob: Awaited<ReturnType<typeof member>>;

beforeAll(async () => {
  t = await createTestApp();
  ann = await member(t.app, 'ann@example.com');
  bob = await member(t.app, 'bob@example.com');
});
afterAll(async () => t?.close());
// Every test here moves money: the ledger's invariants hold after each.
afterEach(async () => expectLedgerInvariants(t.app));

const tx = <T>(work: (db: Tx) => Promise<T>) =>
  t.app.db.prisma.$transaction(work, { maxWait: 30_000, timeout: 30_000 });

const grant = (userId: string, amount: number, key: string, kind: 'purchased' | 'earned' = 'purchased') =>
  tx((db) => t.app.credits.grant(db, { userId, amount, kind, key, description: `Grant ${key}` }));
const spend = (userId: string, amount: number, key: string) =>
  tx((db) => t.app.credits.spend(db, { userId, amount, key, description: `Spend ${key}` }));

/** The ledger's invariants for one user: the balance_after chain, never negative, sums match. */
async function expectConsistentLedger(userId: string) {
  const rows = await t.app.db.prisma.creditLedgerEntry.findMany({
    where: { userId },
    orderBy: { id: 'asc' },
  });
  let running = 0;
  for (const row of rows) {
    running += row.amount;
    expect(row.balanceAfter).toBe(running);
    expect(row.balanceAfter).toBeGreaterThanOrEqual(0);
  }
  const balance = await t.app.credits.balance(userId);
  expect(balance.credits_available).toBe(running);
  const sum = (kind: string) => rows.filter((r) => r.kind === kind).reduce((s, r) => s + r.amount, 0);
  expect(balance.credits_total_purchased).toBe(sum('purchased'));
  expect(balance.credits_total_earned).toBe(sum('earned'));
  expect(balance.credits_total_spent).toBe(Math.abs(sum('spent')));
  return balance;
}

describe('GET /api/user/credits', () => {
  it('401 signed out, even with a bad limit', async () => {
    for (const url of ['/api/user/credits', '/api/user/credits?limit=nope']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('400 names limit when it is not a whole number from 1 to 100', async () => {
    for (const limit of ['0', '101', 'abc', '2.5']) {
      const res = await ann.agent.get(`/api/user/credits?limit=${limit}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/^limit: /);
    }
  });

  it('a user without credits sees zeros and no transactions', async () => {
    const res = await bob.agent.get('/api/user/credits');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      credits: {
        credits_available: 0,
        credits_total_purchased: 0,
        credits_total_earned: 0,
        credits_total_spent: 0,
      },
      transactions: [],
    });
  });

  it("shows the caller's own ledger newest first, limited, never someone else's", async () => {
    expect(await grant(ann.id, 550, 'pack-1')).toBe(true);
    expect(await grant(ann.id, 100, 'period-1', 'earned')).toBe(true);
    expect(await spend(ann.id, 200, 'promo-1')).toEqual({ balanceAfter: 450 });

    const res = await ann.agent.get('/api/user/credits');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.credits).toEqual({
      credits_available: 450,
      credits_total_purchased: 550,
      credits_total_earned: 100,
      credits_total_spent: 200,
    });
    expect(body.transactions.map((x: { amount: number }) => x.amount)).toEqual([-200, 100, 550]);
    expect(body.transactions[0]).toMatchObject({ description: 'Spend promo-1', balance_after: 450 });
    expect(Date.parse(body.transactions[0].created_at)).not.toBeNaN();

    const two = (await ann.agent.get('/api/user/credits?limit=2')).json();
    expect(two.transactions.map((x: { balance_after: number }) => x.balance_after)).toEqual([450, 650]);
    // Bob's answer holds nothing of Ann's.
    expect((await bob.agent.get('/api/user/credits')).json().transactions).toEqual([]);
    await expectConsistentLedger(ann.id);
  });
});

describe('the credits ledger', () => {
  it('grants once per key: a retried grant changes nothing', async () => {
    const user = await member(t.app, 'grant-once@example.com');
    expect(await grant(user.id, 1150, 'stripe-event-1')).toBe(true);
    expect(await grant(user.id, 1150, 'stripe-event-1')).toBe(false);
    const balance = await expectConsistentLedger(user.id);
    expect(balance.credits_available).toBe(1150);
  });

  it('spends once per key: a retried spend answers the first result', async () => {
    const user = await member(t.app, 'spend-once@example.com');
    await grant(user.id, 300, 'spend-once-g');
    expect(await spend(user.id, 200, 'promotion-x')).toEqual({ balanceAfter: 100 });
    expect(await spend(user.id, 200, 'promotion-x')).toEqual({ balanceAfter: 100 });
    expect((await expectConsistentLedger(user.id)).credits_available).toBe(100);
  });

  it('a spend beyond the balance is a 402 "Insufficient credits (need N)" and rolls back its transaction', async () => {
    const user = await member(t.app, 'short@example.com');
    await grant(user.id, 150, 'short-g');
    const failed = await tx(async (db) => {
      // Something the spend pays for, written first: it must not survive the failed spend.
      await db.creditLedgerEntry.deleteMany({ where: { userId: user.id } });
      return t.app.credits.spend(db, { userId: user.id, amount: 200, key: 'too-much', description: 'x' });
    }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(HttpError);
    expect((failed as HttpError).statusCode).toBe(402);
    expect((failed as HttpError).message).toBe('Insufficient credits (need 200)');
    const balance = await expectConsistentLedger(user.id);
    expect(balance.credits_available).toBe(150);
    expect(await t.app.db.prisma.creditLedgerEntry.count({ where: { userId: user.id } })).toBe(1);
  });

  it('refuses amounts that are not whole numbers above zero', async () => {
    await expect(grant(ann.id, 0, 'zero')).rejects.toThrow(/above 0/);
    await expect(spend(ann.id, -5, 'negative')).rejects.toThrow(/above 0/);
    await expect(spend(ann.id, 1.5, 'fraction')).rejects.toThrow(/above 0/);
  });

  it('concurrent spends of the last credits: exactly one succeeds, the balance never goes negative', async () => {
    const user = await member(t.app, 'race@example.com');
    await grant(user.id, 100, 'last-100');
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => spend(user.id, 100, `race-${i}`)),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(7);
    for (const r of refused) expect((r as PromiseRejectedResult).reason.statusCode).toBe(402);
    const balance = await expectConsistentLedger(user.id);
    expect(balance).toMatchObject({ credits_available: 0, credits_total_spent: 100 });
  });

  it('concurrent grants with one key credit once', async () => {
    const user = await member(t.app, 'grant-race@example.com');
    const results = await Promise.all(Array.from({ length: 6 }, () => grant(user.id, 500, 'same-webhook')));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await expectConsistentLedger(user.id)).credits_available).toBe(500);
  });

  it('removeAll leaves no ledger and a zero balance', async () => {
    const user = await member(t.app, 'leaver@example.com');
    await grant(user.id, 100, 'leaver-g');
    await tx((db) => t.app.credits.removeAll(db, user.id));
    expect(await t.app.credits.balance(user.id)).toMatchObject({ credits_available: 0 });
    expect(await t.app.db.prisma.creditLedgerEntry.count({ where: { userId: user.id } })).toBe(0);
  });

  it('a deleted account gets no ledger row and no balance row back: grant and spend refuse, nothing written', async () => {
    const user = await member(t.app, 'erased@example.com');
    await grant(user.id, 100, 'erased-g');
    const res = await user.agent.request({
      method: 'DELETE',
      url: '/api/account/delete',
      payload: { confirm: 'DELETE' },
    });
    expect(res.statusCode).toBe(200);
    await expect(grant(user.id, 50, 'erased-late')).rejects.toMatchObject({
      statusCode: 409,
      message: ACCOUNT_DELETED,
    });
    await expect(spend(user.id, 10, 'erased-spend')).rejects.toMatchObject({ statusCode: 409 });
    expect(await t.app.db.prisma.creditLedgerEntry.count({ where: { userId: user.id } })).toBe(0);
    expect(await t.app.db.prisma.creditBalance.findUnique({ where: { userId: user.id } })).toBeNull();
    await expectLedgerInvariants(t.app);
  });
});
