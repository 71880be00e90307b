import { CHALLENGE_TEXTS, type ChallengeDetail } from '@beatroom/shared/challenges-contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { member } from '../../../../test/community-fixtures';
import { createTestApp } from '../../../../test/helpers';
import { expectLedgerInvariants } from '../../../../test/ledger-invariants';
import { insertPlayableBeat, multipartBody, takeParts } from '../../../../test/recording-fixtures';

// An erased account never receives or keeps credits: a deleted creator's open challenge is
// cancelled (fees back to living entrants, the prize kept by the platform), a deleted entrant's
// entry is withdrawn (the prize goes to the best remaining entry). Real database, real routes.

type Member = Awaited<ReturnType<typeof member>>;

let t: Awaited<ReturnType<typeof createTestApp>>;
let beatOwner: Member;
let beat: Awaited<ReturnType<typeof insertPlayableBeat>>;
const HOUR = 3_600_000;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({}, { TEST_CLOCK: '1' });
  beatOwner = await member(t.app, 'withdrawal.beats@example.com');
  beat = await insertPlayableBeat(t.app, beatOwner.id, { title: 'Night Drive' });
});
afterAll(async () => t?.close());
afterEach(async () => expectLedgerInvariants(t.app));

/** A fresh member with `credits` bought. */
async function person(name: string, credits = 0) {
  n += 1;
  const who = await member(t.app, `${name}.${n}@example.com`);
  if (credits > 0) {
    await t.app.db.prisma.$transaction((tx) =>
      t.app.credits.grant(tx, {
        userId: who.id,
        amount: credits,
        kind: 'purchased',
        description: 'Pack',
        key: `pack:${who.id}`,
      }),
    );
  }
  return who;
}
const available = async (userId: string) => (await t.app.credits.balance(userId)).credits_available;
const serverNow = async () =>
  Date.parse((await t.app.inject({ method: 'GET', url: '/api/challenges' })).json().server_time);
async function advance(ms: number) {
  const res = await t.app.inject({ method: 'POST', url: '/api/test/clock', payload: { advance_ms: ms } });
  expect(res.statusCode).toBe(200);
}

async function challenge(creator: Member, prize: number, fee: number) {
  const now = await serverNow();
  const res = await creator.agent.post('/api/challenges', {
    title: 'Night Drive Vocal Challenge',
    description: 'Best topline wins',
    beat_id: beat.id,
    start_date: new Date(now).toISOString(),
    end_date: new Date(now + HOUR).toISOString(),
    prize_credits: prize,
    entry_fee_credits: fee,
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

async function enter(who: Member, challengeId: string) {
  const upload = multipartBody(takeParts(beat.id, { name: `Take by ${who.id}` }));
  const take = await who.agent.request({ method: 'POST', url: '/api/recordings/upload', ...upload });
  expect(take.statusCode).toBe(201);
  const res = await who.agent.post(`/api/challenges/${challengeId}/entries`, {
    recording_id: take.json().id,
  });
  expect(res.statusCode).toBe(201);
  return (res.json() as ChallengeDetail).entries.find((e) => e.user_id === who.id)!.id;
}

async function deleteAccount(who: Member) {
  const res = await who.agent.request({
    method: 'DELETE',
    url: '/api/account/delete',
    payload: { confirm: 'DELETE' },
  });
  expect(res.statusCode).toBe(200);
}

const detail = async (id: string): Promise<ChallengeDetail> =>
  (await t.app.inject({ url: `/api/challenges/${id}` })).json();
const ledgerRowsOf = (userId: string) => t.app.db.prisma.creditLedgerEntry.count({ where: { userId } });
const balanceRowOf = (userId: string) => t.app.db.prisma.creditBalance.findUnique({ where: { userId } });

describe('the creator deletes the account', () => {
  it('the open challenge is cancelled: fees back to living entrants, the prize and a deleted entrant’s fee kept by the platform', async () => {
    const ann = await person('ann', 100);
    const bob = await person('bob', 30);
    const cat = await person('cat', 30);
    const id = await challenge(ann, 100, 30);
    await enter(bob, id);
    await enter(cat, id);
    expect(await available(bob.id)).toBe(0);
    expect((await detail(id)).challenge.escrow_credits).toBe(160);

    await deleteAccount(cat);
    await deleteAccount(ann);

    // Bob, alive, has his fee back; nothing was written for Ann or Cat.
    expect(await available(bob.id)).toBe(30);
    for (const gone of [ann, cat]) {
      expect(await ledgerRowsOf(gone.id)).toBe(0);
      expect(await balanceRowOf(gone.id)).toBeNull();
    }
    const after = await detail(id);
    expect(after.challenge).toMatchObject({ escrow_credits: 0, winner_user_id: null });
    expect(Date.parse(after.challenge.end_date)).toBeLessThanOrEqual(await serverNow());
    expect(after.escrow.map((m) => [m.kind, m.amount])).toEqual([
      ['prize_deposit', 100],
      ['entry_fee', 30],
      ['entry_fee', 30],
      ['release', -100],
      ['refund', -30],
      ['release', -30],
    ]);
    // Closed: nobody enters it any more, and the closing sweep has nothing left to pay.
    const dan = await person('dan');
    const take = await dan.agent.request({
      method: 'POST',
      url: '/api/recordings/upload',
      ...multipartBody(takeParts(beat.id, { name: 'Late' })),
    });
    const late = await dan.agent.post(`/api/challenges/${id}/entries`, { recording_id: take.json().id });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: CHALLENGE_TEXTS.ENDED });
    await advance(2 * HOUR);
    await t.app.challenges.closeDue();
    expect(await available(bob.id)).toBe(30);
    expect(await ledgerRowsOf(ann.id)).toBe(0);
  });
});

describe('an entrant deletes the account', () => {
  it('the entry is withdrawn (not listed, its votes void) and the best remaining entry wins', async () => {
    const ann = await person('ann', 100);
    const bob = await person('bob', 20);
    const cat = await person('cat', 20);
    const dan = await person('dan');
    const eve = await person('eve');
    const id = await challenge(ann, 100, 20);
    const bobEntry = await enter(bob, id);
    const catEntry = await enter(cat, id);
    // Cat leads two votes to one.
    expect((await dan.agent.post(`/api/challenges/${id}/votes`, { entry_id: catEntry })).statusCode).toBe(
      200,
    );
    expect((await eve.agent.post(`/api/challenges/${id}/votes`, { entry_id: catEntry })).statusCode).toBe(
      200,
    );
    expect((await ann.agent.post(`/api/challenges/${id}/votes`, { entry_id: bobEntry })).statusCode).toBe(
      200,
    );

    await deleteAccount(cat);
    const listed = await detail(id);
    expect(listed.entries.map((e) => e.id)).toEqual([bobEntry]);
    expect(listed.challenge.entry_count).toBe(1);
    expect(await t.app.db.prisma.challengeVote.count({ where: { entryId: catEntry } })).toBe(0);
    // Cat's fee stays in the prize.
    expect(listed.challenge.escrow_credits).toBe(140);

    await advance(2 * HOUR);
    await t.app.challenges.closeDue();
    const closed = await detail(id);
    expect(closed.challenge).toMatchObject({ winner_user_id: bob.id, escrow_credits: 0 });
    expect(await available(bob.id)).toBe(140);
    expect(await ledgerRowsOf(cat.id)).toBe(0);
    expect(await balanceRowOf(cat.id)).toBeNull();
  });

  it('the only entrant deleted: nobody is left to win, the creator gets the prize back, the fee goes to the platform', async () => {
    const ann = await person('ann', 50);
    const bob = await person('bob', 10);
    const id = await challenge(ann, 50, 10);
    await enter(bob, id);
    await deleteAccount(bob);
    await advance(2 * HOUR);
    await t.app.challenges.closeDue();
    const closed = await detail(id);
    expect(closed.challenge).toMatchObject({ winner_user_id: null, escrow_credits: 0 });
    expect(closed.escrow.map((m) => [m.kind, m.amount])).toEqual([
      ['prize_deposit', 50],
      ['entry_fee', 10],
      ['refund', -50],
      ['release', -10],
    ]);
    expect(await available(ann.id)).toBe(50);
    expect(await ledgerRowsOf(bob.id)).toBe(0);
  });
});
