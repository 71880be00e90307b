import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { DELETED_PRODUCER_NAME } from '@beatroom/shared/account-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBeat, isNotification, member, TestSocket } from '../../../../test/community-fixtures';
import { FakeStripe } from '../../../../test/fake-stripe';
import { createTestApp, listenForSockets } from '../../../../test/helpers';
import { buyLocally, insertPricedBeat } from '../../../../test/selling-fixtures';
import { twoInstancesSkipReason, useTwoInstances } from '../../../../test/two-instances';

type Member = Awaited<ReturnType<typeof member>>;
type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const confirm = { confirm: 'DELETE' };
const deleteAccount = (who: Member, payload: unknown = confirm) =>
  who.agent.request({ method: 'DELETE', url: '/api/account/delete', payload: payload as object });

/** A stored file with real bytes, owned by the user, as an upload leaves it. */
async function storedUpload(t: TestApp, userId: string, key: string, kind: 'audio' | 'image') {
  await t.app.storage.put(key, Readable.from([Buffer.from('bytes')]), {
    contentType: 'application/octet-stream',
  });
  await t.app.db.prisma.upload.create({
    data: { key, userId, kind, contentType: kind === 'audio' ? 'audio/wav' : 'image/png', sizeBytes: 5 },
  });
  return key;
}

/** Every row of the user's own data that deletion must leave empty. */
async function personalRows(t: TestApp, userId: string) {
  const p = t.app.db.prisma;
  const where = { userId };
  const counts = {
    favorites: p.beatFavorite.count({ where }),
    reviews: p.beatReview.count({ where }),
    follows: p.follow.count({ where: { OR: [{ followerId: userId }, { followedId: userId }] } }),
    notifications: p.notification.count({ where }),
    sessions: p.session.count({ where }),
    settings: p.userSettings.count({ where }),
    profile: p.profile.count({ where }),
    methods: p.paymentMethod.count({ where }),
    customers: p.paymentCustomer.count({ where }),
    downloads: p.download.count({ where }),
    activities: p.activity.count({ where }),
  };
  const values = await Promise.all(Object.values(counts));
  return Object.fromEntries(Object.keys(counts).map((name, i) => [name, values[i]]));
}

const NONE = {
  favorites: 0,
  reviews: 0,
  follows: 0,
  notifications: 0,
  sessions: 0,
  settings: 0,
  profile: 0,
  methods: 0,
  customers: 0,
  downloads: 0,
  activities: 0,
};

describe('the account routes', () => {
  let t: TestApp;
  let url = '';
  let producer: Member;
  let producerPhone: Member;
  let ann: Member;
  let bob: Member;

  beforeAll(async () => {
    t = await createTestApp();
    url = await listenForSockets(t.app);
    producer = await member(t.app, 'producer@example.com');
    // The same account signed in on a second device: both sessions must end.
    producerPhone = await member(t.app, 'producer@example.com');
    ann = await member(t.app, 'ann@example.com');
    bob = await member(t.app, 'bob@example.com');
  });
  afterAll(async () => t?.close());

  const socketOf = async (who: Member) => {
    const socket = await TestSocket.open(url, {
      cookie: `beatroom_session=${who.token}`,
      origin: 'http://localhost:3000',
    });
    await socket.next(isNotification('unread_count_updated'));
    return socket;
  };

  it('401 signed out, whatever the body', async () => {
    for (const payload of [confirm, { confirm: 'nope' }, undefined]) {
      const res = await t.app.inject({ method: 'DELETE', url: '/api/account/delete', payload });
      expect(res.statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/account' })).statusCode).toBe(401);
  });

  it('GET /api/account shows the signed-in user only', async () => {
    await insertPricedBeat(t.app, ann.id);
    const res = await ann.agent.get('/api/account');
    expect(res.statusCode).toBe(200);
    const summary = res.json();
    expect(summary).toMatchObject({
      id: ann.id,
      email: 'ann@example.com',
      beats_count: 1,
      licences_count: 0,
    });
    expect(Date.parse(summary.member_since)).toBeLessThanOrEqual(Date.now());
    expect((await bob.agent.get('/api/account')).json().id).toBe(bob.id);
  });

  it('400 for a wrong or missing phrase, and nothing changes', async () => {
    const before = await personalRows(t, ann.id);
    for (const payload of [{ confirm: 'delete' }, { confirm: 'DELETE ' }, {}, { confirm: true }]) {
      const res = await deleteAccount(ann, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/^confirm: /);
    }
    const bare = await ann.agent.request({ method: 'DELETE', url: '/api/account/delete' });
    expect(bare.statusCode).toBe(400);
    expect((await ann.agent.get('/api/users/me')).statusCode).toBe(200);
    expect(await personalRows(t, ann.id)).toEqual(before);
  });

  it('a producer with a sold and an unsold beat: sold kept for its buyer, the rest gone, sockets closed', async () => {
    const prisma = t.app.db.prisma;
    const sold = await insertPricedBeat(t.app, producer.id, { title: 'Sold One', priceCents: 1000 });
    const soldAudio = await storedUpload(t, producer.id, `audio/${randomUUID()}.wav`, 'audio');
    await prisma.beat.update({ where: { id: sold.id }, data: { audioFileKey: soldAudio } });
    const unsoldAudio = await storedUpload(t, producer.id, `audio/${randomUUID()}.wav`, 'audio');
    const avatar = await storedUpload(t, producer.id, `images/${randomUUID()}.png`, 'image');
    const unsold = await insertPricedBeat(t.app, producer.id, { title: 'Unsold One' });
    await prisma.beat.update({ where: { id: unsold.id }, data: { audioFileKey: unsoldAudio } });
    await prisma.profile.update({ where: { userId: producer.id }, data: { profileImageKey: avatar } });

    const orderId = await buyLocally(ann.agent, { id: sold.id, priceCents: 1000 }, 'basic');
    // Everything personal the producer has: follows both ways, a favourite, a review, settings.
    expect((await producer.agent.post(`/api/users/${ann.id}/follow`)).statusCode).toBe(200);
    expect((await bob.agent.post(`/api/users/${producer.id}/follow`)).statusCode).toBe(200);
    const other = await insertBeat(t.app, bob.id);
    expect((await producer.agent.post(`/api/beats/${other.id}/favorite`)).statusCode).toBe(200);
    expect((await producer.agent.post(`/api/beats/${other.id}/rate`, { rating: 4 })).statusCode).toBe(200);
    expect((await ann.agent.post(`/api/beats/${unsold.id}/favorite`)).statusCode).toBe(200);
    await prisma.paymentMethod.create({
      data: { userId: producer.id, paymentType: 'card', cardBrand: 'visa', cardLastFour: '4242' },
    });
    const before = await personalRows(t, producer.id);
    expect(before).toMatchObject({
      favorites: 1,
      reviews: 1,
      follows: 2,
      sessions: 2,
      settings: 1,
      profile: 1,
    });
    const invoicesBefore = await prisma.invoice.count();

    const laptop = await socketOf(producer);
    const phone = await socketOf(producerPhone);
    const bystander = await socketOf(ann);

    const res = await deleteAccount(producer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: true });
    expect(res.cookies.find((c) => c.name === 'beatroom_session')?.value).toBe('');

    // Every session of the user ended: both devices' sockets closed, both tokens refused.
    expect((await laptop.waitClosed())?.code).toBe(1000);
    expect((await phone.waitClosed())?.code).toBe(1000);
    expect(bystander.closed).toBeNull();
    bystander.close();
    for (const who of [producer, producerPhone]) {
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { authorization: `Bearer ${who.token}` },
      });
      expect(me.statusCode).toBe(401);
    }
    expect(await personalRows(t, producer.id)).toEqual(NONE);

    // The unsold beat went with its files and the favourite others had on it.
    expect((await t.app.inject({ method: 'GET', url: `/api/beats/${unsold.id}` })).statusCode).toBe(404);
    expect(await t.app.storage.exists(unsoldAudio)).toBe(false);
    expect(await t.app.storage.exists(avatar)).toBe(false);
    expect(await prisma.beatFavorite.count({ where: { beatId: unsold.id } })).toBe(0);

    // The sold beat stays for Ann: shown by "Deleted producer", out of the catalogue, still hers to download.
    const kept = await ann.agent.get(`/api/beats/${sold.id}`);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().producer_name).toBe(DELETED_PRODUCER_NAME);
    expect(await t.app.storage.exists(soldAudio)).toBe(true);
    const catalogue = (await t.app.inject({ method: 'GET', url: '/api/beats?limit=100' })).json() as {
      id: string;
    }[];
    expect(catalogue.map((b) => b.id)).not.toContain(sold.id);
    expect((await ann.agent.get(`/api/beats/${sold.id}/download-status`)).json()).toMatchObject({
      canDownload: true,
      reason: 'license',
    });
    const buy = await bob.agent.post(`/api/beats/${sold.id}/purchase`, {
      license_type: 'basic',
      price_cents: 1000,
    });
    expect(buy.statusCode).toBe(404);
    expect((await bob.agent.get(`/api/beats/${sold.id}/licenses`)).json()).toEqual([]);

    // No profile to see or follow; the order and invoice stay, the seller anonymised.
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${producer.id}/profile` })).statusCode).toBe(
      404,
    );
    expect((await bob.agent.post(`/api/users/${producer.id}/follow`)).statusCode).toBe(404);
    expect(await prisma.invoice.count()).toBe(invoicesBefore);
    expect(await prisma.order.findUnique({ where: { id: orderId }, select: { status: true } })).toEqual({
      status: 'paid',
    });
    expect(await prisma.user.findUnique({ where: { id: producer.id } })).toMatchObject({
      email: '',
      name: null,
      picture: null,
      issuer: 'deleted',
      deletedAt: expect.any(Date),
    });
    expect((await ann.agent.get('/api/invoices')).json().invoices).toHaveLength(1);
  });

  it('deleting twice changes nothing: the old session is gone (401)', async () => {
    const usersBefore = await t.app.db.prisma.user.findUnique({ where: { id: producer.id } });
    expect((await deleteAccount(producerPhone)).statusCode).toBe(401);
    const replay = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/delete',
      payload: confirm,
      headers: { authorization: `Bearer ${producer.token}` },
    });
    expect(replay.statusCode).toBe(401);
    expect(await t.app.db.prisma.user.findUnique({ where: { id: producer.id } })).toEqual(usersBefore);
    // The service itself, called for an account already deleted, refuses without touching it.
    const record = {
      id: producer.id,
      email: '',
      name: null,
      picture: null,
      isAdmin: false,
      isOwner: false,
      role: 'user' as const,
    };
    await expect(t.app.account.remove(record)).rejects.toMatchObject({ statusCode: 401 });
    expect(await t.app.db.prisma.user.findUnique({ where: { id: producer.id } })).toEqual(usersBefore);
  });

  it('two deletions at once: one deletes, the other finds nothing to delete', async () => {
    const eve = await member(t.app, 'eve@example.com');
    const statuses = (await Promise.all([deleteAccount(eve), deleteAccount(eve)])).map((r) => r.statusCode);
    expect(statuses.sort()).toEqual([200, 401]);
    expect(await t.app.db.prisma.user.findUnique({ where: { id: eve.id }, select: { email: true } })).toEqual(
      {
        email: '',
      },
    );
  });

  it('signing in again with the same identity starts a fresh, empty account', async () => {
    const again = await member(t.app, 'producer@example.com');
    expect(again.id).not.toBe(producer.id);
    const summary = (await again.agent.get('/api/account')).json();
    expect(summary).toMatchObject({ beats_count: 0, licences_count: 0, email: 'producer@example.com' });
    expect((await again.agent.get('/api/invoices')).json().invoices).toEqual([]);
  });

  it('a buyer with orders: orders and invoices kept anonymised, a pending reservation released', async () => {
    const prisma = t.app.db.prisma;
    const seller = await member(t.app, 'seller@example.com');
    const beat = await insertPricedBeat(t.app, seller.id, { priceCents: 500 });
    const other = await insertPricedBeat(t.app, seller.id, { priceCents: 700 });
    const paid = await buyLocally(bob.agent, beat, 'premium');
    // An exclusive checkout Bob never finished: it reserves the beat until it is called off.
    const pending = await bob.agent.post(`/api/beats/${other.id}/purchase`, {
      license_type: 'exclusive',
      price_cents: 7000,
    });
    expect(pending.statusCode).toBe(200);
    const invoice = await prisma.invoice.findFirstOrThrow({ where: { orderId: paid } });
    await prisma.$transaction((tx) =>
      t.app.credits.grant(tx, {
        userId: bob.id,
        amount: 550,
        description: 'Pack',
        kind: 'purchased',
        key: `test-${bob.id}`,
      }),
    );
    expect((await bob.agent.get('/api/user/credits')).json().credits.credits_available).toBe(550);

    expect((await deleteAccount(bob)).statusCode).toBe(200);

    expect(
      await prisma.order.findUnique({ where: { id: paid }, select: { status: true, buyerId: true } }),
    ).toEqual({
      status: 'paid',
      buyerId: bob.id,
    });
    expect(await prisma.invoice.findUnique({ where: { id: invoice.id } })).toMatchObject({
      totalCents: 1000,
    });
    expect(await prisma.license.count({ where: { orderId: paid } })).toBe(1);
    expect(
      await prisma.user.findUnique({ where: { id: bob.id }, select: { email: true, name: true } }),
    ).toEqual({
      email: '',
      name: null,
    });
    expect(
      await prisma.order.findUnique({ where: { id: pending.json().order_id }, select: { status: true } }),
    ).toEqual({ status: 'cancelled' });
    // Bob's beat (no sales) is gone; the seller's beat he bought stays the seller's.
    expect(await prisma.beat.count({ where: { userId: bob.id } })).toBe(0);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/beats/${beat.id}` })).json().producer_name,
    ).not.toBe(DELETED_PRODUCER_NAME);
    // The exclusive Bob reserved is for sale again.
    const exclusive = await ann.agent.post(`/api/beats/${other.id}/purchase`, {
      license_type: 'exclusive',
      price_cents: 7000,
    });
    expect(exclusive.statusCode).toBe(200);
    expect(await personalRows(t, bob.id)).toEqual(NONE);
    // Credits went with the account (app.credits.removeAll in the same transaction).
    expect(await prisma.creditLedgerEntry.count({ where: { userId: bob.id } })).toBe(0);
    expect(await prisma.creditBalance.count({ where: { userId: bob.id } })).toBe(0);
  });

  it('403 for the last owner, nothing changed; with a second owner the deletion goes through', async () => {
    // The ADMIN_EMAIL account becomes the first owner when it signs in.
    const owner = await member(t.app, t.config.adminEmail);
    expect((await owner.agent.get('/api/users/me')).json()).toMatchObject({ isOwner: true });
    const before = await personalRows(t, owner.id);

    const refused = await deleteAccount(owner, confirm);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(
      'Beatroom needs an owner: make someone else owner before deleting this account',
    );
    expect(await personalRows(t, owner.id)).toEqual(before);
    expect((await owner.agent.get('/api/users/me')).statusCode).toBe(200);

    const next = await member(t.app, 'next-owner@example.com');
    await t.app.db.prisma.user.update({ where: { id: next.id }, data: { isOwner: true, isAdmin: true } });
    expect((await deleteAccount(owner, confirm)).statusCode).toBe(200);
    expect((await owner.agent.get('/api/users/me')).statusCode).toBe(401);
  });
});

describe('with Stripe', () => {
  let fake: FakeStripe;
  let t: TestApp;
  const deleted: string[] = [];

  beforeAll(async () => {
    fake = await new FakeStripe().start();
    fake.route('DELETE', /^\/v1\/customers\/([^/]+)$/, (_p, m) => {
      deleted.push(m[1]!);
      fake.customers.delete(m[1]!);
      return { body: { id: m[1], object: 'customer', deleted: true } };
    });
    t = await createTestApp({}, fake.env());
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('deletes the Stripe customer (and with it the saved cards) after the data is gone', async () => {
    const cat = await member(t.app, 'cat@example.com');
    const customer = await t.app.payments.stripe!.customers.create({ email: 'cat@example.com' });
    await t.app.db.prisma.paymentCustomer.create({
      data: { userId: cat.id, provider: 'stripe', customerId: customer.id },
    });
    expect((await deleteAccount(cat)).statusCode).toBe(200);
    expect(deleted).toEqual([customer.id]);
    expect(await t.app.db.prisma.paymentCustomer.count({ where: { userId: cat.id } })).toBe(0);
  });
});

// Two instances on one PostgreSQL with realtime over Redis (as realtime-redis.test.ts): a
// deletion on one instance closes the user's sockets held by the other.
describe.skipIf(!!twoInstancesSkipReason)(`two instances over Redis ${twoInstancesSkipReason}`, () => {
  const two = useTwoInstances();

  it('closes the sockets on the other instance', async () => {
    const dee = await member(two.a.app, 'dee@example.com');
    const socket = await TestSocket.open(two.urlB, { cookie: `beatroom_session=${dee.token}` });
    await socket.next(isNotification('unread_count_updated'));
    expect((await deleteAccount(dee)).statusCode).toBe(200);
    expect((await socket.waitClosed())?.code).toBe(1000);
  });
});
