import type { ServerMessage } from '@beatroom/shared/realtime-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, isNotification, member, TestSocket } from '../../../../test/community-fixtures';
import { createTestApp } from '../../../../test/helpers';
import { buyLocally, insertPricedBeat } from '../../../../test/selling-fixtures';

let t: Awaited<ReturnType<typeof createTestApp>>;
let url = '';
let producer: Awaited<ReturnType<typeof member>>;
let fan: Awaited<ReturnType<typeof member>>;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/ws`;
  producer = await member(t.app, 'producer@example.com');
  fan = await member(t.app, 'fan@example.com');
});
afterAll(async () => t?.close());

describe('a sale, as the community sees it', () => {
  it('tells the producer live ("New sale") and records beat_purchased in the feed, once', async () => {
    const socket = await TestSocket.open(url, {
      cookie: `beatroom_session=${producer.token}`,
      origin: 'http://localhost:3000',
    });
    await socket.next(isNotification('unread_count_updated'));
    const beat = await insertPricedBeat(t.app, producer.id, { priceCents: 1200, title: 'Velvet Rooms' });

    const orderId = await buyLocally(fan.agent, beat, 'premium');
    const message = await socket.next(isNotification('new_notification'));
    expect(message).toMatchObject({
      type: 'notification',
      data: {
        notification: {
          type: 'new_sale',
          title: 'New sale',
          message: 'fan bought a Premium licence for Velvet Rooms ($24.00 USD to you)',
          data: { beatId: beat.id },
        },
      },
    });
    socket.ws.close();

    // Paying again (a redelivery) tells nobody twice.
    await fan.agent.post(`/api/checkout/local/${orderId}/pay`);
    const list = (await producer.agent.get('/api/notifications')).json().notifications;
    expect(list.filter((n: { type: string }) => n.type === 'new_sale')).toHaveLength(1);
    await eventually(async () => {
      const feed = (await fan.agent.get('/api/activity?scope=mine')).json().activities as {
        type: string;
        targetId: string;
      }[];
      expect(feed.filter((a) => a.type === 'beat_purchased')).toEqual([
        expect.objectContaining({ targetId: beat.id, targetName: 'Velvet Rooms', userId: fan.id }),
      ]);
    });
    // The buyer is not notified of their own purchase.
    const fanList = (await fan.agent.get('/api/notifications')).json().notifications as ServerMessage[];
    expect(fanList).toEqual([]);
  });

  it('says the sale was charged in USD, with the producer’s own currency beside it when they use EUR', async () => {
    const put = await producer.agent.request({
      method: 'PUT',
      url: '/api/user-settings',
      payload: {
        ...((await producer.agent.get('/api/user-settings')).json() as Record<string, unknown>),
        preferredCurrency: 'EUR',
      },
    });
    expect(put.statusCode).toBe(200);
    const beat = await insertPricedBeat(t.app, producer.id, { priceCents: 1200, title: 'Euro Rooms' });
    await buyLocally(fan.agent, beat, 'basic');
    await eventually(async () => {
      const list = (await producer.agent.get('/api/notifications')).json().notifications as {
        message: string;
      }[];
      // 1200 USD cents at 0.85: €10.20, shown beside the amount, never instead of it.
      expect(list.map((n) => n.message)).toContain(
        'fan bought a Basic licence for Euro Rooms ($12.00 USD to you, ≈ €10.20)',
      );
    });
  });
});
