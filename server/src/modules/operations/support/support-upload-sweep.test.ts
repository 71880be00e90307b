import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member } from '../../../../test/community-fixtures';
import { createTestApp, type Agent } from '../../../../test/helpers';
import { multipart } from '../../../../test/media-fixtures';
import { sweepUnattachedJob } from './support.plugin';

// Support uploads a ticket never named: POST /api/support/upload stores a file at
// once, so an abandoned create dialog would leave it forever. The hourly sweep deletes those
// older than 24 h, file and row, and never one a ticket or a message took.
let t: Awaited<ReturnType<typeof createTestApp>>;
let ann: Awaited<ReturnType<typeof member>>;
beforeAll(async () => {
  t = await createTestApp();
  ann = await member(t.app, 'ann@example.com');
}, 300_000);
afterAll(async () => t?.close());

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 7),
]);
const DAY = 24 * 3600_000;

async function upload(agent: Agent): Promise<string> {
  const { payload, headers } = multipart('file', 'shot.png', PNG);
  const res = await agent.request({ method: 'POST', url: '/api/support/upload', payload, headers });
  expect(res.statusCode).toBe(200);
  return res.json().key as string;
}
const openTicket = (agent: Agent, attachments: string[]) =>
  agent.post('/api/support/tickets', {
    subject: 'Studio freezes',
    category: 'technical',
    description: 'It freezes when I record.',
    attachments,
  });
const age = (key: string, ms: number) =>
  t.app.db.prisma.supportAttachment.update({
    where: { key },
    data: { createdAt: new Date(Date.now() - ms) },
  });
/** The file in the storage folder on disk (DATA_DIR/files), not just what storage says. */
const onDisk = (key: string) => existsSync(join(t.config.dataDir, 'files', key));
const hasRow = async (key: string) =>
  (await t.app.db.prisma.supportAttachment.count({ where: { key } })) === 1;

describe('sweeping support uploads never attached', () => {
  it('runs hourly, once across instances', async () => {
    const session = await t.app.db.session();
    const rows = await session.query<{ cron: string }>(
      `SELECT cron FROM pgboss.schedule WHERE name = 'support.sweep-unattached'`,
    );
    await session.release();
    expect(rows).toEqual([{ cron: '37 * * * *' }]);
  });

  it('deletes an unattached upload older than 24 h; keeps attached ones and fresh ones', async () => {
    const [onTicket, onReply, abandoned, fresh, almost] = [
      await upload(ann.agent),
      await upload(ann.agent),
      await upload(ann.agent),
      await upload(ann.agent),
      await upload(ann.agent),
    ];
    const ticket = await openTicket(ann.agent, [onTicket]);
    expect(ticket.statusCode).toBe(201);
    const reply = await ann.agent.post(`/api/support/tickets/${ticket.json().ticket_number}/messages`, {
      message: 'One more screenshot',
      attachments: [onReply],
    });
    expect(reply.statusCode).toBe(201);
    for (const key of [onTicket, onReply, abandoned]) await age(key, DAY + 3600_000);
    await age(almost, DAY - 3600_000);
    for (const key of [onTicket, onReply, abandoned, fresh, almost]) expect(onDisk(key), key).toBe(true);

    await t.app.jobs.send(sweepUnattachedJob, {});
    await t.app.jobs.drained(sweepUnattachedJob, { timeoutMs: 20_000 });

    expect(await hasRow(abandoned)).toBe(false);
    expect(onDisk(abandoned)).toBe(false);
    for (const key of [onTicket, onReply, fresh, almost]) {
      expect(await hasRow(key), key).toBe(true);
      expect(onDisk(key), key).toBe(true);
    }
    // The attached files are still served to their owner; the swept key names nothing now.
    expect((await ann.agent.get(`/api/support/attachments/${onTicket}`)).statusCode).toBe(200);
    const late = await openTicket(ann.agent, [abandoned]);
    expect(late.statusCode).toBe(400);
    // A second run finds nothing more to take.
    expect(await t.app.support.sweepUnattached(DAY)).toBe(0);
  });

  it('an old upload attached while the sweep runs is either attached and kept, or swept and refused', async () => {
    const keys = await Promise.all([1, 2, 3, 4, 5, 6].map(() => upload(ann.agent)));
    for (const key of keys) await age(key, 2 * DAY);
    const [opened, swept] = await Promise.all([
      Promise.all(keys.map((key) => openTicket(ann.agent, [key]))),
      t.app.support.sweepUnattached(DAY),
    ]);
    let attached = 0;
    for (const [i, key] of keys.entries()) {
      if (opened[i]!.statusCode === 201) {
        attached++;
        expect(await hasRow(key), key).toBe(true);
        expect(onDisk(key), key).toBe(true);
      } else {
        expect(opened[i]!.statusCode).toBe(400);
        expect(await hasRow(key), key).toBe(false);
        expect(onDisk(key), key).toBe(false);
      }
    }
    expect(attached + swept).toBe(keys.length);
  });
});
