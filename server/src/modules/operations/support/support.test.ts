import { SUPPORT_TEXTS } from '@beatroom/shared/support-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member } from '../../../../test/community-fixtures';
import { createTestApp, type Agent } from '../../../../test/helpers';
import { executable, multipart } from '../../../../test/media-fixtures';

let t: Awaited<ReturnType<typeof createTestApp>>;
let ann: Awaited<ReturnType<typeof member>>;
let bob: Awaited<ReturnType<typeof member>>;
let admin: Awaited<ReturnType<typeof member>>;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 7),
]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32, 1)]);
const PDF = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n', 'latin1');
const TEXT = Buffer.from('Steps to reproduce:\n1. open the studio\n2. it freezes ✓\n');

beforeAll(async () => {
  t = await createTestApp();
  ann = await member(t.app, 'ann@example.com');
  bob = await member(t.app, 'bob@example.com');
  admin = await member(t.app, t.config.adminEmail);
}, 300_000);
afterAll(async () => t?.close());

const upload = (agent: Agent, content: Buffer, name = 'file.bin', field = 'file') => {
  const { payload, headers } = multipart(field, name, content);
  return agent.request({ method: 'POST', url: '/api/support/upload', payload, headers });
};
const uploadKey = async (agent: Agent, content: Buffer = PNG) => {
  const res = await upload(agent, content, 'shot.png');
  expect(res.statusCode).toBe(200);
  return (res.json() as { key: string }).key;
};
const openTicket = async (agent: Agent, fields: Record<string, unknown> = {}) => {
  const res = await agent.post('/api/support/tickets', {
    subject: 'Studio freezes',
    category: 'technical',
    description: 'It freezes when I press record.',
    ...fields,
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { ticket_number: string; attachments: string[] };
};
const storedSupportRows = () => t.app.db.prisma.supportAttachment.count();

describe('GET /api/support/categories', () => {
  it('lists the six support categories with descriptions, signed out too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/support/categories' });
    expect(res.statusCode).toBe(200);
    const { categories } = res.json() as { categories: { id: string; name: string; description: string }[] };
    expect(categories.map((c) => c.name)).toEqual([
      'Technical Issues',
      'Billing & Payments',
      'Account & Profile',
      'Beats & Content',
      'Feature Requests',
      'General Support',
    ]);
    expect(categories.every((c) => c.description.length > 0)).toBe(true);
  });
});

describe('POST /api/support/upload', () => {
  it('401 signed out, nothing kept', async () => {
    const { payload, headers } = multipart('file', 'a.png', PNG);
    const res = await t.app.inject({ method: 'POST', url: '/api/support/upload', payload, headers });
    expect(res.statusCode).toBe(401);
  });

  it('accepts JPEG, PNG, GIF, PDF and plain text by content, whatever the name says', async () => {
    const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(40, 3)]);
    const cases: [Buffer, RegExp][] = [
      [JPEG, /\.jpg$/],
      [PNG, /\.png$/],
      [GIF, /\.gif$/],
      [PDF, /\.pdf$/],
      [TEXT, /\.txt$/],
    ];
    for (const [content, extension] of cases) {
      const res = await upload(ann.agent, content, 'renamed.exe');
      expect(res.statusCode).toBe(200);
      expect(res.json().key).toMatch(/^support\/[0-9a-f-]{36}\./);
      expect(res.json().key).toMatch(extension);
    }
  });

  it('400 with the documented message for other content (an executable, SVG, an empty file), nothing kept', async () => {
    const before = await storedSupportRows();
    for (const content of [
      executable(),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>\u0000'),
      Buffer.alloc(0),
    ]) {
      const res = await upload(ann.agent, content, 'shot.png');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: SUPPORT_TEXTS.FILES_REFUSED });
    }
    expect(await storedSupportRows()).toBe(before);
  });

  it('413 with the documented message past 10 MB, nothing kept; 400 for the wrong field', async () => {
    const before = await storedSupportRows();
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024, 1)]);
    const res = await upload(ann.agent, big, 'big.png');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: SUPPORT_TEXTS.FILES_REFUSED });
    expect((await upload(ann.agent, PNG, 'a.png', 'image')).statusCode).toBe(400);
    expect(await storedSupportRows()).toBe(before);
  });
});

describe('POST /api/support/tickets', () => {
  it('401 signed out', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/support/tickets', payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it("creates a numbered ticket with medium priority and the caller's attachments", async () => {
    const key = await uploadKey(ann.agent);
    const ticket = await openTicket(ann.agent, { attachments: [key], subject: '  Studio freezes  ' });
    expect(ticket).toMatchObject({
      subject: 'Studio freezes',
      category: 'technical',
      priority: 'medium',
      status: 'open',
      attachments: [key],
      message_count: 0,
      admin_notes: null,
    });
    expect(ticket.ticket_number).toMatch(/^T-\d{6}$/);
    const next = await openTicket(ann.agent);
    expect(Number(next.ticket_number.slice(2))).toBeGreaterThan(Number(ticket.ticket_number.slice(2)));
  });

  it("400 for blank required fields, a bad category, too many files, or someone else's upload; nothing written", async () => {
    const before = await t.app.db.prisma.supportTicket.count();
    const bobsKey = await uploadKey(bob.agent);
    const keys = await Promise.all([1, 2, 3, 4, 5, 6].map(() => uploadKey(ann.agent)));
    const bodies = [
      { subject: '   ', category: 'technical', description: 'x' },
      { subject: 'x', category: 'technical', description: '' },
      { subject: 'x', category: 'nope', description: 'x' },
      { subject: 'x', category: 'technical', description: 'x', priority: 'critical' },
      { subject: 'x', category: 'technical', description: 'x', attachments: keys },
      { subject: 'x', category: 'technical', description: 'x', attachments: [bobsKey] },
      { subject: 'x', category: 'technical', description: 'x', attachments: ['images/whatever.jpg'] },
    ];
    for (const body of bodies) {
      const res = await ann.agent.post('/api/support/tickets', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const blank = await ann.agent.post('/api/support/tickets', bodies[0]);
    expect(blank.json().error).toContain(SUPPORT_TEXTS.REQUIRED_FIELDS);
    expect(await t.app.db.prisma.supportTicket.count()).toBe(before);
    // The refused keys stay unattached and usable.
    const ok = await openTicket(ann.agent, { attachments: keys.slice(0, 5) });
    expect(ok.attachments).toHaveLength(5);
  });

  it('an attachment key is used once', async () => {
    const key = await uploadKey(ann.agent);
    await openTicket(ann.agent, { attachments: [key] });
    const again = await ann.agent.post('/api/support/tickets', {
      subject: 'x',
      category: 'general',
      description: 'x',
      attachments: [key],
    });
    expect(again.statusCode).toBe(400);
  });
});

describe('GET /api/support/tickets and /api/support/tickets/{n}', () => {
  it('401 signed out', async () => {
    for (const url of [
      '/api/support/tickets',
      '/api/support/tickets/T-000001',
      '/api/support/tickets/T-000001/messages',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it("lists only the caller's own tickets", async () => {
    const mine = await openTicket(bob.agent, { subject: 'Bob only' });
    const res = await bob.agent.get('/api/support/tickets');
    expect(res.statusCode).toBe(200);
    const numbers = (res.json().tickets as { ticket_number: string }[]).map((x) => x.ticket_number);
    expect(numbers).toContain(mine.ticket_number);
    const anns = (await ann.agent.get('/api/support/tickets')).json().tickets as { ticket_number: string }[];
    expect(anns.map((x) => x.ticket_number)).not.toContain(mine.ticket_number);
  });

  it("someone else's ticket is 404 exactly like a missing one; a malformed number too", async () => {
    const bobs = await openTicket(bob.agent);
    const theirs = await ann.agent.get(`/api/support/tickets/${bobs.ticket_number}`);
    const missing = await ann.agent.get('/api/support/tickets/T-999999');
    const malformed = await ann.agent.get('/api/support/tickets/nope');
    for (const res of [theirs, missing, malformed]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: SUPPORT_TEXTS.TICKET_NOT_FOUND });
    }
    expect((await ann.agent.get(`/api/support/tickets/${bobs.ticket_number}/messages`)).statusCode).toBe(404);
    const own = await bob.agent.get(`/api/support/tickets/${bobs.ticket_number}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().ticket_number).toBe(bobs.ticket_number);
  });
});

describe('POST /api/support/tickets/{n}/messages', () => {
  it('401 signed out', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support/tickets/T-000001/messages',
      payload: { message: 'hi' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('adds a trimmed reply, or a files-only reply; never shows internal notes to the member', async () => {
    const ticket = await openTicket(ann.agent);
    const text = await ann.agent.post(`/api/support/tickets/${ticket.ticket_number}/messages`, {
      message: '  more info  ',
    });
    expect(text.statusCode).toBe(201);
    expect(text.json()).toMatchObject({ message: 'more info', message_type: 'user', is_internal: false });
    const key = await uploadKey(ann.agent, TEXT);
    const files = await ann.agent.post(`/api/support/tickets/${ticket.ticket_number}/messages`, {
      attachments: [key],
    });
    expect(files.statusCode).toBe(201);
    expect(files.json().attachments).toEqual([key]);

    const note = await admin.agent.post(`/api/admin/support/tickets/${ticket.ticket_number}/messages`, {
      message: 'Looks like a driver issue',
      is_internal: true,
    });
    expect(note.statusCode).toBe(201);
    const publicReply = await admin.agent.post(
      `/api/admin/support/tickets/${ticket.ticket_number}/messages`,
      {
        message: 'Please update your browser',
      },
    );
    expect(publicReply.statusCode).toBe(201);

    const seen = (await ann.agent.get(`/api/support/tickets/${ticket.ticket_number}/messages`)).json()
      .messages as {
      message: string;
      message_type: string;
    }[];
    expect(seen.map((m) => m.message)).toEqual(['more info', '', 'Please update your browser']);
    expect(seen.map((m) => m.message_type)).toEqual(['user', 'user', 'admin']);
    const asMember = (await ann.agent.get(`/api/support/tickets/${ticket.ticket_number}`)).json();
    expect(asMember.message_count).toBe(3);
    const asAdmin = (await admin.agent.get(`/api/admin/support/tickets/${ticket.ticket_number}`)).json();
    expect(asAdmin.message_count).toBe(4);
  });

  it("400 for an empty reply, more than 3 files, or a file that is not the caller's", async () => {
    const ticket = await openTicket(ann.agent);
    const keys = await Promise.all([1, 2, 3, 4].map(() => uploadKey(ann.agent)));
    const bobsKey = await uploadKey(bob.agent);
    const url = `/api/support/tickets/${ticket.ticket_number}/messages`;
    const empty = await ann.agent.post(url, { message: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toContain(SUPPORT_TEXTS.EMPTY_REPLY);
    const many = await ann.agent.post(url, { message: 'x', attachments: keys });
    expect(many.statusCode).toBe(400);
    expect(many.json().error).toContain(SUPPORT_TEXTS.TOO_MANY_REPLY_FILES);
    expect((await ann.agent.post(url, { message: 'x', attachments: [bobsKey] })).statusCode).toBe(400);
    expect((await ann.agent.get(`${url}`)).json().messages).toEqual([]);
  });

  it('404 on someone else\'s ticket; 409 "This ticket is closed" on a closed one', async () => {
    const bobs = await openTicket(bob.agent);
    const other = await ann.agent.post(`/api/support/tickets/${bobs.ticket_number}/messages`, {
      message: 'hi',
    });
    expect(other.statusCode).toBe(404);
    const closed = await openTicket(ann.agent);
    await admin.agent.request({
      method: 'PATCH',
      url: `/api/admin/support/tickets/${closed.ticket_number}`,
      payload: { status: 'closed' },
    });
    const res = await ann.agent.post(`/api/support/tickets/${closed.ticket_number}/messages`, {
      message: 'hi',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'This ticket is closed' });
  });
});

describe('GET /api/support/attachments/{key}', () => {
  it('serves an attachment to the ticket owner and admins only; /api/files never', async () => {
    const key = await uploadKey(ann.agent);
    await openTicket(ann.agent, { attachments: [key] });
    const own = await ann.agent.get(`/api/support/attachments/${key}`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.rawPayload.equals(PNG)).toBe(true);
    expect((await admin.agent.get(`/api/support/attachments/${key}`)).statusCode).toBe(200);
    expect((await bob.agent.get(`/api/support/attachments/${key}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/support/attachments/${key}` })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${key}` })).statusCode).toBe(404);
    expect((await ann.agent.get(`/api/files/${key}`)).statusCode).toBe(404);
  });

  it('404 for a malformed or unknown key', async () => {
    expect((await ann.agent.get('/api/support/attachments/support/../../etc/passwd')).statusCode).toBe(404);
    expect(
      (await ann.agent.get('/api/support/attachments/support/00000000-0000-0000-0000-000000000000.png'))
        .statusCode,
    ).toBe(404);
  });
});
