import type { ServerMessage } from '@beatroom/shared/realtime-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNotification, member, TestSocket } from '../../../../test/community-fixtures';
import { type Agent, createTestApp, listenForSockets } from '../../../../test/helpers';

let t: Awaited<ReturnType<typeof createTestApp>>;
let url = '';
let ann: Awaited<ReturnType<typeof member>>;
let admin: Awaited<ReturnType<typeof member>>;
let second: Awaited<ReturnType<typeof member>>;

beforeAll(async () => {
  t = await createTestApp();
  url = await listenForSockets(t.app);
  ann = await member(t.app, 'ann@example.com');
  admin = await member(t.app, t.config.adminEmail);
  second = await member(t.app, 'second-admin@example.com');
  await t.app.db.prisma.user.update({ where: { id: second.id }, data: { isAdmin: true } });
}, 300_000);
afterAll(async () => t?.close());

const openTicket = async (agent: Agent, fields: Record<string, unknown> = {}) => {
  const res = await agent.post('/api/support/tickets', {
    subject: 'Payout missing',
    category: 'billing',
    description: 'My payout did not arrive.',
    ...fields,
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { ticket_number: string };
};
const patch = (agent: Agent, n: string, payload: unknown) =>
  agent.request({ method: 'PATCH', url: `/api/admin/support/tickets/${n}`, payload: payload as object });

const ADMIN_GETS = [
  '/api/admin/support/stats',
  '/api/admin/support/tickets',
  '/api/admin/support/tickets/T-000001',
  '/api/admin/support/tickets/T-000001/messages',
  '/api/admin/support/admins',
];

// First in the file: before any ticket exists, so the averages are this test's alone.
describe('GET /api/admin/support/stats', () => {
  it('counts by status and category; average first response in hours, null before any public reply', async () => {
    const before = (await admin.agent.get('/api/admin/support/stats')).json();
    expect(before).toMatchObject({ avgResponseTimeHours: null });
    expect(before.statusStats).toHaveLength(5);
    expect(before.categoryStats).toHaveLength(6);
    const ticket = await openTicket(ann.agent);
    // Created two hours ago: the first public reply now answers in about 2 hours.
    await t.app.db.prisma.supportTicket.update({
      where: { ticketNumber: ticket.ticket_number },
      data: { createdAt: new Date(Date.now() - 2 * 3600_000) },
    });
    await admin.agent.post(`/api/admin/support/tickets/${ticket.ticket_number}/messages`, {
      message: 'internal first',
      is_internal: true,
    });
    expect((await admin.agent.get('/api/admin/support/stats')).json().avgResponseTimeHours).toBeNull();
    await admin.agent.post(`/api/admin/support/tickets/${ticket.ticket_number}/messages`, {
      message: 'On it',
    });
    const stats = (await admin.agent.get('/api/admin/support/stats')).json();
    expect(Math.round(stats.avgResponseTimeHours)).toBe(2);
    expect(stats.statusStats).toContainEqual({ status: 'open', count: 1 });
    expect(stats.categoryStats).toContainEqual({ category: 'billing', count: 1 });
    expect(stats.categoryStats).toContainEqual({ category: 'general', count: 0 });
  });
});

describe('every admin support route', () => {
  it('401 signed out and 403 for a member, before validating anything', async () => {
    for (const path of ADMIN_GETS) {
      expect((await t.app.inject({ method: 'GET', url: path })).statusCode, path).toBe(401);
      expect((await ann.agent.get(path)).statusCode, path).toBe(403);
    }
    for (const [method, path, payload] of [
      ['PATCH', '/api/admin/support/tickets/T-000001', { status: 'bogus' }],
      ['POST', '/api/admin/support/tickets/T-000001/messages', { message: '' }],
    ] as const) {
      expect((await t.app.inject({ method, url: path, payload })).statusCode).toBe(401);
      expect((await ann.agent.request({ method, url: path, payload })).statusCode).toBe(403);
    }
  });
});

describe('GET /api/admin/support/tickets', () => {
  it("lists every member's tickets, filtered by status, priority, category and search", async () => {
    const a = await openTicket(ann.agent, { subject: 'Refund for order 42', priority: 'urgent' });
    const b = await openTicket(ann.agent, { subject: 'Dark mode please', category: 'feature_request' });
    const all = (await admin.agent.get('/api/admin/support/tickets')).json().tickets as {
      ticket_number: string;
    }[];
    expect(all.map((x) => x.ticket_number)).toEqual(
      expect.arrayContaining([a.ticket_number, b.ticket_number]),
    );
    const numbers = async (query: string) =>
      (
        (await admin.agent.get(`/api/admin/support/tickets?${query}`)).json().tickets as {
          ticket_number: string;
        }[]
      ).map((x) => x.ticket_number);
    expect(await numbers('priority=urgent')).toEqual([a.ticket_number]);
    expect(await numbers('category=feature_request')).toEqual([b.ticket_number]);
    expect(await numbers('search=refund')).toEqual([a.ticket_number]);
    expect(await numbers(`search=${b.ticket_number}`)).toEqual([b.ticket_number]);
    expect(await numbers('search=ann%40example')).toEqual(
      expect.arrayContaining([a.ticket_number, b.ticket_number]),
    );
    expect(await numbers('status=closed&search=refund')).toEqual([]);
    expect(await numbers('status=&priority=')).toEqual(expect.arrayContaining([a.ticket_number]));
  });

  it('400 for an unknown status, priority or category', async () => {
    for (const query of ['status=done', 'priority=critical', 'category=nope']) {
      expect((await admin.agent.get(`/api/admin/support/tickets?${query}`)).statusCode).toBe(400);
    }
  });
});

describe('GET /api/admin/support/admins', () => {
  it('lists the admins with owner flags, never members', async () => {
    const res = await admin.agent.get('/api/admin/support/admins');
    expect(res.statusCode).toBe(200);
    const ids = (res.json().admins as { user_id: string; is_owner: boolean }[]).map((a) => a.user_id);
    expect(ids).toEqual(expect.arrayContaining([admin.id, second.id]));
    expect(ids).not.toContain(ann.id);
  });
});

describe('GET /api/admin/support/tickets/{n} and messages', () => {
  it('shows any ticket with internal notes; 404 for a missing or malformed number', async () => {
    const ticket = await openTicket(ann.agent);
    await admin.agent.post(`/api/admin/support/tickets/${ticket.ticket_number}/messages`, {
      message: 'note',
      is_internal: true,
    });
    const res = await second.agent.get(`/api/admin/support/tickets/${ticket.ticket_number}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ticket_number: ticket.ticket_number,
      user_email: 'ann@example.com',
      message_count: 1,
    });
    const messages = (
      await second.agent.get(`/api/admin/support/tickets/${ticket.ticket_number}/messages`)
    ).json().messages;
    expect(messages).toMatchObject([{ message: 'note', is_internal: true, message_type: 'admin' }]);
    expect((await admin.agent.get('/api/admin/support/tickets/T-999998')).statusCode).toBe(404);
    expect((await admin.agent.get('/api/admin/support/tickets/x/messages')).statusCode).toBe(404);
  });
});

describe('POST /api/admin/support/tickets/{n}/messages', () => {
  it('400 for a blank message; 404 for a missing ticket', async () => {
    const ticket = await openTicket(ann.agent);
    const blank = await admin.agent.post(`/api/admin/support/tickets/${ticket.ticket_number}/messages`, {
      message: '  ',
    });
    expect(blank.statusCode).toBe(400);
    expect(
      (await admin.agent.post('/api/admin/support/tickets/T-999997/messages', { message: 'x' })).statusCode,
    ).toBe(404);
  });
});

describe('PATCH /api/admin/support/tickets/{n}', () => {
  it('changes status, priority, assignee and notes, with an audit row in the same transaction', async () => {
    const ticket = await openTicket(ann.agent);
    const res = await patch(admin.agent, ticket.ticket_number, {
      status: 'in_progress',
      priority: 'high',
      assigned_to: second.id,
      admin_notes: 'Check Stripe',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'in_progress',
      priority: 'high',
      assigned_to: second.id,
      assigned_admin_name: 'second-admin',
      admin_notes: 'Check Stripe',
    });
    const rows = await t.app.db.prisma.adminLog.findMany({
      where: { targetType: 'ticket', targetId: ticket.ticket_number },
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      adminId: admin.id,
      action: 'ticket.update',
      before: { status: 'open', priority: 'medium', assigned_to: null, admin_notes: null },
      after: { status: 'in_progress', priority: 'high', assigned_to: second.id, admin_notes: 'Check Stripe' },
    });
    // Unassigning and clearing notes; the member never sees notes or assignee.
    const cleared = await patch(admin.agent, ticket.ticket_number, { assigned_to: null, admin_notes: '' });
    expect(cleared.json()).toMatchObject({ assigned_to: null, admin_notes: null });
    const asMember = (await ann.agent.get(`/api/support/tickets/${ticket.ticket_number}`)).json();
    expect(asMember).toMatchObject({ status: 'in_progress', admin_notes: null, assigned_to: null });
    expect(await t.app.db.prisma.adminLog.count({ where: { targetId: ticket.ticket_number } })).toBe(2);
  });

  it('400 for an assignee who is not an admin, an unknown status or field, or nothing; nothing changed', async () => {
    const ticket = await openTicket(ann.agent);
    for (const body of [
      { assigned_to: ann.id },
      { assigned_to: 'not-a-uuid' },
      { status: 'done' },
      { priority: 'critical' },
      { colour: 'red' },
      {},
    ]) {
      const res = await patch(admin.agent, ticket.ticket_number, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const after = (await admin.agent.get(`/api/admin/support/tickets/${ticket.ticket_number}`)).json();
    expect(after).toMatchObject({ status: 'open', priority: 'medium', assigned_to: null });
    expect(await t.app.db.prisma.adminLog.count({ where: { targetId: ticket.ticket_number } })).toBe(0);
    expect((await patch(admin.agent, 'T-999996', { status: 'closed' })).statusCode).toBe(404);
  });
});

describe('live updates', () => {
  it('admins see new tickets and member replies; the member sees public replies, never internal notes', async () => {
    const open = (token: string) =>
      TestSocket.open(url, { cookie: `beatroom_session=${token}`, origin: 'http://localhost:3000' });
    const adminSocket = await open(admin.token);
    const annSocket = await open(ann.token);
    await adminSocket.next(isNotification('unread_count_updated'));
    await annSocket.next(isNotification('unread_count_updated'));
    const isSupport = (type: string, n: string) => (m: ServerMessage) =>
      m.type === 'support' && m.data.type === type && m.data.ticket_number === n;

    const ticket = await openTicket(ann.agent);
    await adminSocket.next(isSupport('ticket_created', ticket.ticket_number));
    await ann.agent.post(`/api/support/tickets/${ticket.ticket_number}/messages`, { message: 'hello?' });
    await adminSocket.next(isSupport('ticket_message', ticket.ticket_number));

    await second.agent.post(`/api/admin/support/tickets/${ticket.ticket_number}/messages`, {
      message: 'internal',
      is_internal: true,
    });
    await second.agent.post(`/api/admin/support/tickets/${ticket.ticket_number}/messages`, {
      message: 'public',
    });
    await annSocket.next(isSupport('ticket_message', ticket.ticket_number));
    // One push for the public reply only: the internal note sent nothing to the member.
    expect(annSocket.messages.filter(isSupport('ticket_message', ticket.ticket_number))).toHaveLength(1);
    // And a notification leading to the ticket, for the public reply only.
    const isReplyNotification = (m: ServerMessage) =>
      m.type === 'notification' &&
      m.data.type === 'new_notification' &&
      m.data.notification.type === 'support_reply' &&
      m.data.notification.data.ticketNumber === ticket.ticket_number;
    await annSocket.next(isReplyNotification);
    expect(annSocket.messages.filter(isReplyNotification)).toHaveLength(1);
    adminSocket.close();
    annSocket.close();
  });
});
