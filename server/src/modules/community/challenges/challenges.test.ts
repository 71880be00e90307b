import { CHALLENGE_TEXTS, type ChallengeDetail } from '@beatroom/shared/challenges-contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventually, member } from '../../../../test/community-fixtures';
import { createTestApp } from '../../../../test/helpers';
import { insertPlayableBeat, multipartBody, takeParts, WEBM_TAKE } from '../../../../test/recording-fixtures';
import { expectLedgerInvariants } from '../../../../test/ledger-invariants';
import { loadConfig } from '../../../config';

type Member = Awaited<ReturnType<typeof member>>;

let t: Awaited<ReturnType<typeof createTestApp>>;
let ann: Member; // creates challenges
let bob: Member; // enters
let cat: Member; // enters, votes
let dan: Member; // votes
let admin: Member;
let beat: Awaited<ReturnType<typeof insertPlayableBeat>>;
let otherBeat: Awaited<ReturnType<typeof insertPlayableBeat>>;
const nobody = '00000000-0000-4000-8000-000000000000';
const HOUR = 3_600_000;

beforeAll(async () => {
  // TEST_CLOCK: the journey's clock control, here too, so a challenge can end within a test.
  t = await createTestApp({}, { TEST_CLOCK: '1' });
  admin = await member(t.app, t.config.adminEmail);
  ann = await member(t.app, 'ann@example.com');
  bob = await member(t.app, 'bob@example.com');
  cat = await member(t.app, 'cat@example.com');
  dan = await member(t.app, 'dan@example.com');
  beat = await insertPlayableBeat(t.app, ann.id, { title: 'Night Drive' });
  otherBeat = await insertPlayableBeat(t.app, ann.id, { title: 'Other Beat' });
});
afterAll(async () => t?.close());
// Every test here moves money: the ledger's invariants hold after each.
afterEach(async () => expectLedgerInvariants(t.app));

const grant = (userId: string, amount: number, key: string) =>
  t.app.db.prisma.$transaction((tx) =>
    t.app.credits.grant(tx, { userId, amount, kind: 'purchased', description: 'Pack', key }),
  );
const available = async (userId: string) => (await t.app.credits.balance(userId)).credits_available;

/** The challenges' clock now, as the server reports it. */
async function serverNow(): Promise<number> {
  return Date.parse((await t.app.inject({ method: 'GET', url: '/api/challenges' })).json().server_time);
}
async function advance(ms: number) {
  const res = await t.app.inject({ method: 'POST', url: '/api/test/clock', payload: { advance_ms: ms } });
  expect(res.statusCode).toBe(200);
}

async function createChallenge(
  who: Member,
  fields: Partial<{
    prize: number;
    fee: number;
    startIn: number;
    endIn: number;
    funded_by: 'creator' | 'platform';
    beatId: string;
  }> = {},
) {
  const now = await serverNow();
  const res = await who.agent.post('/api/challenges', {
    title: 'Night Drive Vocal Challenge',
    description: 'Best topline over Night Drive wins',
    beat_id: fields.beatId ?? beat.id,
    start_date: new Date(now + (fields.startIn ?? 0)).toISOString(),
    end_date: new Date(now + (fields.endIn ?? HOUR)).toISOString(),
    prize_credits: fields.prize ?? 0,
    entry_fee_credits: fields.fee ?? 0,
    ...(fields.funded_by ? { funded_by: fields.funded_by } : {}),
  });
  return res;
}

let takeNumber = 0;
/** Uploads a real take over the beat and answers its id. */
async function recording(who: Member, beatId = beat.id) {
  takeNumber += 1;
  const body = multipartBody(takeParts(beatId, { name: `Take ${takeNumber}` }));
  const res = await who.agent.request({ method: 'POST', url: '/api/recordings/upload', ...body });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

const enter = (who: Member, challengeId: string, recordingId: string) =>
  who.agent.post(`/api/challenges/${challengeId}/entries`, { recording_id: recordingId });
const vote = (who: Member, challengeId: string, entryId: string) =>
  who.agent.post(`/api/challenges/${challengeId}/votes`, { entry_id: entryId });
const detailOf = async (id: string, who?: Member): Promise<ChallengeDetail> =>
  (who
    ? await who.agent.get(`/api/challenges/${id}`)
    : await t.app.inject({ url: `/api/challenges/${id}` })
  ).json();

/** The ledger rows written under one key (each credit movement exactly once). */
const ledgerRows = (key: string) =>
  t.app.db.prisma.creditLedgerEntry.findMany({ where: { idempotencyKey: key } });

describe('POST /api/challenges', () => {
  it('401 signed out, even with a bad body', async () => {
    for (const payload of [{}, { title: 'x' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/challenges', payload });
      expect(res.statusCode).toBe(401);
    }
  });

  it('400 names the field: missing title, end before start, end past, bad credits', async () => {
    const now = await serverNow();
    const base = {
      title: 'T',
      description: 'D',
      beat_id: beat.id,
      start_date: new Date(now).toISOString(),
      end_date: new Date(now + HOUR).toISOString(),
      prize_credits: 0,
      entry_fee_credits: 0,
    };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...base, title: '  ' }, /^title: title is required/],
      [{ ...base, end_date: new Date(now - HOUR).toISOString() }, /end_date must be after start_date/],
      [{ ...base, prize_credits: -1 }, /^prize_credits: /],
      [{ ...base, entry_fee_credits: 1.5 }, /^entry_fee_credits: /],
      [{ ...base, beat_id: 'nope' }, /^beat_id: /],
      [{ ...base, funded_by: 'bank' }, /^funded_by: /],
    ];
    for (const [payload, error] of cases) {
      const res = await ann.agent.post('/api/challenges', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toMatch(error);
    }
    const past = await ann.agent.post('/api/challenges', {
      ...base,
      start_date: new Date(now - 2 * HOUR).toISOString(),
      end_date: new Date(now - HOUR).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toEqual({ error: CHALLENGE_TEXTS.END_IN_PAST });
    const long = await createChallenge(ann, { endIn: 91 * 24 * HOUR });
    expect(long.json()).toEqual({ error: CHALLENGE_TEXTS.TOO_LONG });
  });

  it('404 for a beat that does not exist; 403 platform funding by a member', async () => {
    const missing = await createChallenge(ann, { beatId: nobody });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Beat not found' });
    const platform = await createChallenge(ann, { prize: 100, funded_by: 'platform' });
    expect(platform.statusCode).toBe(403);
    expect(platform.json()).toEqual({ error: CHALLENGE_TEXTS.PLATFORM_ADMIN_ONLY });
  });

  it('402 when the creator has fewer credits than the prize: nothing is created or taken', async () => {
    await grant(ann.id, 100, 'ann-short');
    const before = await t.app.db.prisma.challenge.count();
    const res = await createChallenge(ann, { prize: 500 });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ error: 'Insufficient credits (need 500)' });
    expect(await t.app.db.prisma.challenge.count()).toBe(before);
    expect(await available(ann.id)).toBe(100);
  });

  it('201: the prize moves from the creator into escrow in one step, on both ledgers', async () => {
    await grant(ann.id, 1000, 'ann-pack');
    const start = await available(ann.id);
    const res = await createChallenge(ann, { prize: 300, fee: 10 });
    expect(res.statusCode).toBe(201);
    const c = res.json();
    expect(c).toMatchObject({
      title: 'Night Drive Vocal Challenge',
      beat_id: beat.id,
      beat_title: 'Night Drive',
      creator_user_id: ann.id,
      creator_name: 'ann',
      prize_credits: 300,
      entry_fee_credits: 10,
      funded_by: 'creator',
      escrow_credits: 300,
      entry_count: 0,
      current_user_entry_id: null,
      winner_user_id: null,
    });
    expect(await available(ann.id)).toBe(start - 300);
    const [row] = await ledgerRows(`challenge:${c.id}:prize`);
    expect(row).toMatchObject({ userId: ann.id, amount: -300, kind: 'spent' });
    const detail = await detailOf(c.id);
    expect(detail.escrow).toEqual([
      { kind: 'prize_deposit', amount: 300, user_name: 'ann', created_at: expect.any(String) },
    ]);
  });

  it('an admin funds a prize from the platform: no member pays', async () => {
    const before = await available(admin.id);
    const res = await createChallenge(admin, { prize: 2000, funded_by: 'platform' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ funded_by: 'platform', escrow_credits: 2000 });
    expect(await available(admin.id)).toBe(before);
    expect((await detailOf(res.json().id)).escrow).toEqual([
      { kind: 'platform_deposit', amount: 2000, user_name: null, created_at: expect.any(String) },
    ]);
  });
});

describe('GET /api/challenges and /api/challenges/{id}', () => {
  it('400 for an unknown filter; 404 for a malformed or unknown id', async () => {
    const bad = await t.app.inject({ url: '/api/challenges?filter=soon' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^filter: /);
    for (const id of ['nope', nobody]) {
      const res = await t.app.inject({ url: `/api/challenges/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: CHALLENGE_TEXTS.NOT_FOUND });
    }
  });

  it('lists by filter for anyone, with stats; the caller sees only their own entry', async () => {
    const active = (await createChallenge(ann)).json();
    const upcoming = (await createChallenge(ann, { startIn: 2 * HOUR, endIn: 4 * HOUR })).json();
    const take = await recording(bob);
    expect((await enter(bob, active.id, take)).statusCode).toBe(201);

    const ids = async (query: string, who?: Member) => {
      const res = who
        ? await who.agent.get(`/api/challenges${query}`)
        : await t.app.inject({ url: `/api/challenges${query}` });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const activeList = await ids('?filter=active');
    expect(activeList.challenges.map((c: { id: string }) => c.id)).toContain(active.id);
    expect(activeList.challenges.map((c: { id: string }) => c.id)).not.toContain(upcoming.id);
    const upcomingIds = (await ids('?filter=upcoming')).challenges.map((c: { id: string }) => c.id);
    expect(upcomingIds).toContain(upcoming.id);
    expect(upcomingIds).not.toContain(active.id);
    expect((await ids('')).challenges.map((c: { id: string }) => c.id)).toEqual(
      expect.arrayContaining([active.id, upcoming.id]),
    );
    expect(activeList.stats.active_challenges).toBe(activeList.challenges.length);
    expect(activeList.stats.total_entries).toBeGreaterThanOrEqual(1);
    expect(activeList.stats.total_prize_credits).toBe(
      activeList.challenges.reduce((s: number, c: { prize_credits: number }) => s + c.prize_credits, 0),
    );
    // Signed out and another member: no entry of theirs; bob: his entry.
    type Listed = { id: string; current_user_entry_id: string | null };
    const row = (list: { challenges: Listed[] }) => list.challenges.find((c) => c.id === active.id);
    expect(row(activeList)).toMatchObject({ entry_count: 1, current_user_entry_id: null });
    expect(row(await ids('?filter=active', cat))).toMatchObject({ current_user_entry_id: null });
    const bobs = row(await ids('?filter=active', bob));
    expect(bobs?.current_user_entry_id).toEqual(expect.any(String));
    expect((await detailOf(active.id, bob)).challenge.current_user_entry_id).toBe(
      bobs?.current_user_entry_id,
    );
  });
});

describe('POST /api/challenges/{id}/entries', () => {
  it('401 signed out; 400 bad body; 404 unknown challenge or someone else’s recording', async () => {
    const c = (await createChallenge(ann)).json();
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/challenges/${c.id}/entries`, payload: {} }))
        .statusCode,
    ).toBe(401);
    const bad = await bob.agent.post(`/api/challenges/${c.id}/entries`, { recording_id: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^recording_id: /);
    const take = await recording(bob);
    expect((await enter(bob, nobody, take)).json()).toEqual({ error: CHALLENGE_TEXTS.NOT_FOUND });
    const notHis = await enter(cat, c.id, take);
    expect(notHis.statusCode).toBe(404);
    expect(notHis.json()).toEqual({ error: 'Recording not found' });
    const wrongBeat = await enter(bob, c.id, await recording(bob, otherBeat.id));
    expect(wrongBeat.statusCode).toBe(400);
    expect(wrongBeat.json()).toEqual({ error: CHALLENGE_TEXTS.WRONG_BEAT });
  });

  it('403 for the challenge’s creator, with the reason: no entry, nothing taken', async () => {
    await grant(ann.id, 30, 'ann-own-entry-pack');
    const c = (await createChallenge(ann, { fee: 30 })).json();
    const before = await available(ann.id);
    const own = await enter(ann, c.id, await recording(ann));
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ error: CHALLENGE_TEXTS.OWN_CHALLENGE_ENTRY });
    expect((await detailOf(c.id)).entries).toEqual([]);
    expect(await available(ann.id)).toBe(before);
  });

  it('409 before the start, a second time, and after the end', async () => {
    const later = (await createChallenge(ann, { startIn: HOUR, endIn: 2 * HOUR })).json();
    const take = await recording(bob);
    const early = await enter(bob, later.id, take);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: CHALLENGE_TEXTS.NOT_STARTED });

    const c = (await createChallenge(ann)).json();
    expect((await enter(bob, c.id, take)).statusCode).toBe(201);
    const again = await enter(bob, c.id, await recording(bob));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: CHALLENGE_TEXTS.ALREADY_ENTERED });

    const ending = (await createChallenge(ann, { endIn: 60_000 })).json();
    await advance(2 * 60_000);
    const late = await enter(cat, ending.id, await recording(cat));
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: CHALLENGE_TEXTS.ENDED });
  });

  it('402 when the entrant cannot pay the fee: no entry, nothing taken', async () => {
    const c = (await createChallenge(ann, { fee: 50 })).json();
    const take = await recording(dan);
    const res = await enter(dan, c.id, take);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ error: 'Insufficient credits (need 50)' });
    expect((await detailOf(c.id)).entries).toEqual([]);
    expect(await available(dan.id)).toBe(0);
  });

  it('201: the fee goes into escrow with the entry; challenge_entry activity; the take plays for anyone', async () => {
    await grant(cat.id, 100, 'cat-pack');
    const c = (await createChallenge(ann, { fee: 40 })).json();
    const take = await recording(cat);
    const res = await enter(cat, c.id, take);
    expect(res.statusCode).toBe(201);
    const detail = res.json() as ChallengeDetail;
    expect(detail.challenge).toMatchObject({ entry_count: 1, escrow_credits: 40 });
    const [entry] = detail.entries;
    expect(entry).toMatchObject({
      user_id: cat.id,
      user_name: 'cat',
      vote_count: 0,
      recording_name: expect.any(String),
    });
    expect(detail.challenge.current_user_entry_id).toBe(entry!.id);
    expect(await available(cat.id)).toBe(60);
    expect(await ledgerRows(`challenge:${c.id}:fee:${cat.id}`)).toHaveLength(1);
    expect(detail.escrow.map((m) => [m.kind, m.amount])).toEqual([['entry_fee', 40]]);

    await eventually(async () => {
      const items = await t.app.db.prisma.activity.findMany({
        where: { type: 'challenge_entry', targetId: c.id },
      });
      expect(items).toMatchObject([{ userId: cat.id, targetName: 'Night Drive Vocal Challenge' }]);
    });

    const audio = await t.app.inject({ url: entry!.audio_url! });
    expect(audio.statusCode).toBe(200);
    expect(audio.rawPayload.equals(WEBM_TAKE)).toBe(true);
    const missing = await t.app.inject({ url: `/api/challenges/${c.id}/entries/${nobody}/audio` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: CHALLENGE_TEXTS.ENTRY_NOT_FOUND });
  });
});

describe('POST /api/challenges/{id}/votes', () => {
  it('401, 400, 404, 403 own entry, 409 second vote, then 409 Voting Ended after the end', async () => {
    const c = (await createChallenge(ann, { endIn: 10 * 60_000 })).json();
    const bobEntry = (await enter(bob, c.id, await recording(bob))).json().challenge.current_user_entry_id;
    const other = (await createChallenge(ann)).json();
    const catEntryElsewhere = (await enter(cat, other.id, await recording(cat))).json().challenge
      .current_user_entry_id;

    expect(
      (await t.app.inject({ method: 'POST', url: `/api/challenges/${c.id}/votes`, payload: {} })).statusCode,
    ).toBe(401);
    const bad = await cat.agent.post(`/api/challenges/${c.id}/votes`, { entry_id: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^entry_id: /);
    const elsewhere = await vote(dan, c.id, catEntryElsewhere);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual({ error: CHALLENGE_TEXTS.ENTRY_NOT_FOUND });
    expect((await vote(dan, nobody, bobEntry)).json()).toEqual({ error: CHALLENGE_TEXTS.NOT_FOUND });
    const own = await vote(bob, c.id, bobEntry);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ error: CHALLENGE_TEXTS.OWN_ENTRY_VOTE });

    const ok = await vote(dan, c.id, bobEntry);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      current_user_vote_entry_id: bobEntry,
      entries: [{ id: bobEntry, vote_count: 1 }],
    });
    const twice = await vote(dan, c.id, bobEntry);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: CHALLENGE_TEXTS.ALREADY_VOTED });

    await advance(11 * 60_000);
    const late = await vote(cat, c.id, bobEntry);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: CHALLENGE_TEXTS.VOTING_ENDED });
    expect((await detailOf(c.id)).entries[0]!.vote_count).toBe(1);
  });
});

describe('closing', () => {
  it('pays prize plus fees to the most-voted entry, once; entrants are notified', async () => {
    await grant(ann.id, 500, 'ann-close');
    await grant(bob.id, 20, 'bob-close');
    await grant(cat.id, 20, 'cat-close');
    const c = (await createChallenge(ann, { prize: 200, fee: 15, endIn: 10 * 60_000 })).json();
    const bobEntry = (await enter(bob, c.id, await recording(bob))).json().challenge.current_user_entry_id;
    const catEntry = (await enter(cat, c.id, await recording(cat))).json().challenge.current_user_entry_id;
    // cat entered later but has more votes.
    expect((await vote(dan, c.id, catEntry)).statusCode).toBe(200);
    expect((await vote(ann, c.id, catEntry)).statusCode).toBe(200);
    expect((await vote(cat, c.id, bobEntry)).statusCode).toBe(200);
    const catBefore = await available(cat.id);

    // Not over yet: closing does nothing.
    expect(await t.app.challenges.close(c.id)).toBeNull();
    await advance(11 * 60_000);
    await Promise.all([
      t.app.challenges.close(c.id),
      t.app.challenges.close(c.id),
      t.app.challenges.closeDue(),
    ]);

    const detail = await detailOf(c.id);
    expect(detail.challenge).toMatchObject({
      winner_user_id: cat.id,
      winner_name: 'cat',
      winner_announced_at: expect.any(String),
      escrow_credits: 0,
    });
    expect(await available(cat.id)).toBe(catBefore + 230);
    expect(await ledgerRows(`challenge:${c.id}:payout`)).toMatchObject([
      { userId: cat.id, amount: 230, kind: 'earned' },
    ]);
    expect(detail.escrow.map((m) => [m.kind, m.amount])).toEqual([
      ['prize_deposit', 200],
      ['entry_fee', 15],
      ['entry_fee', 15],
      ['payout', -230],
    ]);
    await eventually(async () => {
      const about = async (who: Member) =>
        (
          (await who.agent.get('/api/notifications?type=challenge_result')).json().notifications as {
            title: string;
            message: string;
            data: { challengeId?: string };
          }[]
        ).filter((n) => n.data.challengeId === c.id);
      expect(await about(cat)).toMatchObject([
        {
          title: 'You won a challenge!',
          message: 'You won Night Drive Vocal Challenge: 230 credits were added to your balance',
        },
      ]);
      expect(await about(bob)).toMatchObject([{ message: 'cat won Night Drive Vocal Challenge' }]);
      expect(await about(dan)).toEqual([]);
    });
  });

  it('a tie goes to the earliest entry', async () => {
    const c = (await createChallenge(ann, { endIn: 10 * 60_000 })).json();
    const bobEntry = (await enter(bob, c.id, await recording(bob))).json().challenge.current_user_entry_id;
    const catEntry = (await enter(cat, c.id, await recording(cat))).json().challenge.current_user_entry_id;
    await vote(dan, c.id, catEntry);
    await vote(ann, c.id, bobEntry);
    await advance(11 * 60_000);
    await t.app.challenges.close(c.id);
    expect((await detailOf(c.id)).challenge.winner_user_id).toBe(bob.id);
  });

  it('no entries: the creator gets the prize back; a platform prize is released', async () => {
    await grant(ann.id, 100, 'ann-refund');
    const own = (await createChallenge(ann, { prize: 100, endIn: 10 * 60_000 })).json();
    const platform = (
      await createChallenge(admin, { prize: 50, funded_by: 'platform', endIn: 10 * 60_000 })
    ).json();
    const annAfterCreate = await available(ann.id);
    await advance(11 * 60_000);
    await t.app.challenges.closeDue();
    await t.app.challenges.close(own.id);

    expect(await available(ann.id)).toBe(annAfterCreate + 100);
    const refund = (await detailOf(own.id)).escrow.map((m) => [m.kind, m.amount]);
    expect(refund).toEqual([
      ['prize_deposit', 100],
      ['refund', -100],
    ]);
    const released = await detailOf(platform.id);
    expect(released.escrow.map((m) => [m.kind, m.amount])).toEqual([
      ['platform_deposit', 50],
      ['release', -50],
    ]);
    expect(released.challenge).toMatchObject({ winner_user_id: null, escrow_credits: 0 });
    expect(
      await t.app.db.prisma.creditLedgerEntry.count({
        where: { idempotencyKey: { startsWith: `challenge:${own.id}:refund` } },
      }),
    ).toBe(1);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'two server instances closing the same challenge at once pay once (PostgreSQL)',
    async () => {
      const { buildApp } = await import('../../../app');
      const second = await buildApp(t.config);
      await second.ready();
      try {
        await grant(ann.id, 300, 'ann-twice');
        const c = (await createChallenge(ann, { prize: 300, endIn: 10 * 60_000 })).json();
        await enter(bob, c.id, await recording(bob));
        await advance(11 * 60_000);
        const bobBefore = await available(bob.id);
        // Each instance has its own clock: move the second's past the end too.
        await second.inject({ method: 'POST', url: '/api/test/clock', payload: { advance_ms: 24 * HOUR } });
        const results = await Promise.all([
          t.app.challenges.close(c.id),
          second.challenges.close(c.id),
          t.app.challenges.close(c.id),
          second.challenges.close(c.id),
        ]);
        expect(results.filter(Boolean).length).toBeLessThanOrEqual(1);
        expect(await available(bob.id)).toBe(bobBefore + 300);
        expect(await ledgerRows(`challenge:${c.id}:payout`)).toHaveLength(1);
        const payouts = await t.app.db.prisma.challengeEscrowMovement.count({
          where: { challengeId: c.id, kind: 'payout' },
        });
        expect(payouts).toBe(1);
      } finally {
        await second.close();
      }
    },
  );
});

describe('test clock', () => {
  it('is refused in production and absent unless enabled', async () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        TEST_CLOCK: '1',
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_CLIENT_SECRET: 'secret',
        SESSION_SECRET: 'x'.repeat(40),
        PUBLIC_URL: 'https://beatroom.example',
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
      }),
    ).toThrow(/TEST_CLOCK: not allowed in production/);
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({
        method: 'POST',
        url: '/api/test/clock',
        payload: { advance_ms: 1 },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
