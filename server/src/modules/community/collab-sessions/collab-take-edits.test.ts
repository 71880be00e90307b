import {
  COLLAB_ERRORS,
  COLLAB_NOT_MEMBER,
  COLLAB_NOT_RECORDING,
  COLLAB_NOT_YOUR_TAKE,
  COLLAB_TAKE_NOT_FOUND,
  COLLAB_TAKE_START_TOLERANCE_S,
  type CollabSession,
  type CollabTake,
} from '@beatroom/shared/collab-sessions-contract';
import {
  COLLAB_LIVE_FRAME_MAX_LEVELS,
  COLLAB_LIVE_FRAMES_PER_MINUTE,
} from '@beatroom/shared/collab-take-edits-contract';
import { ARRANGEMENT_MAX_SECONDS } from '@beatroom/shared/studio-arrangement-limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collab, memberSocket } from '../../../../test/collab-fixtures';
import { member } from '../../../../test/community-fixtures';
import { createTestApp, listenForSockets } from '../../../../test/helpers';
import { insertPlayableBeat, multipartBody, takeParts } from '../../../../test/recording-fixtures';
import { TAKE_PAST_END } from './collab-take-edits.service';
import { takeStart } from './collab-takes.service';

// Moving and deleting takes, the take in progress shown live to the others, and where a take
// starts when the member's own position travels with the start: on a real database through the
// routes, with real sockets for what members hear.

type Member = Awaited<ReturnType<typeof member>>;
let t: Awaited<ReturnType<typeof createTestApp>>;
let url = '';
let ann: Member; // hosts
let bob: Member;
let cy: Member;
let zed: Member; // never a member
let beatId = '';
const nobody = '00000000-0000-4000-8000-000000000000';
const base = '/api/collaborative-sessions';
/** The beat's tempo: a beat of the grid lasts 0.6 s. */
const BPM = 100;

beforeAll(async () => {
  t = await createTestApp();
  url = await listenForSockets(t.app);
  [ann, bob, cy, zed] = (await Promise.all(
    ['ann', 'bob', 'cy', 'zed'].map((name) => member(t.app, `${name}-edits@example.com`)),
  )) as [Member, Member, Member, Member];
  beatId = (await insertPlayableBeat(t.app, ann.id, { title: 'Grid Groove' })).id;
  await t.app.db.prisma.beat.update({ where: { id: beatId }, data: { bpm: BPM } });
});
afterAll(async () => t?.close());

async function sessionWithBob(): Promise<CollabSession> {
  const res = await ann.agent.post(base, { beat_id: beatId, session_name: 'Edits' });
  expect(res.statusCode).toBe(201);
  const session: CollabSession = res.json();
  expect((await bob.agent.post(`${base}/join/${session.session_code}`)).statusCode).toBe(200);
  return session;
}

const socketOf = (who: Member) => memberSocket(url, who);

/** One take of `who` on `track`, recorded from where the transport stands. */
async function addTake(session: CollabSession, who: Member, track: 1 | 2): Promise<CollabTake> {
  const { payload, headers } = multipartBody(takeParts(beatId, { name: 'Verse take' }));
  const upload = await who.agent.request({ method: 'POST', url: '/api/recordings/upload', payload, headers });
  expect(upload.statusCode).toBe(201);
  expect((await who.agent.post(`${base}/${session.id}/takes/start`, { track })).statusCode).toBe(200);
  const added = await who.agent.post(`${base}/${session.id}/takes`, {
    recording_id: upload.json().id,
    track,
  });
  expect(added.statusCode).toBe(201);
  return added.json();
}

const takesOf = async (session: CollabSession) =>
  (await ann.agent.get(`${base}/${session.id}/state`)).json().takes as CollabTake[];
const move = (who: Member, session: CollabSession, takeId: string, body: unknown) =>
  who.agent.request({
    method: 'PATCH',
    url: `${base}/${session.id}/takes/${takeId}`,
    payload: body as object,
  });
const remove = (who: Member, session: CollabSession, takeId: string) =>
  who.agent.request({ method: 'DELETE', url: `${base}/${session.id}/takes/${takeId}` });

describe('moving a take', () => {
  it('PATCH …/takes/{takeId}: 401, 400 bad input, 403 outsider or someone else’s take, 404 unknown; nothing changes', async () => {
    const session = await sessionWithBob();
    const bobs = await addTake(session, bob, 2);
    const path = `${base}/${session.id}/takes/${bobs.id}`;
    expect(
      (await t.app.inject({ method: 'PATCH', url: path, payload: { start_seconds: 3 } })).statusCode,
    ).toBe(401);
    for (const body of [{}, { start_seconds: -1 }, { start_seconds: '3' }, { start_seconds: null }]) {
      const bad = await move(bob, session, bobs.id, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().error).toEqual(expect.any(String));
    }
    const pastEnd = await move(bob, session, bobs.id, { start_seconds: ARRANGEMENT_MAX_SECONDS });
    expect(pastEnd.statusCode).toBe(400);
    expect(pastEnd.json()).toEqual({ error: TAKE_PAST_END });
    const outsider = await move(zed, session, bobs.id, { start_seconds: 3 });
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json()).toEqual({ error: COLLAB_NOT_MEMBER });
    // Not even the host moves a member's take.
    const byHost = await move(ann, session, bobs.id, { start_seconds: 3 });
    expect(byHost.statusCode).toBe(403);
    expect(byHost.json()).toEqual({ error: COLLAB_NOT_YOUR_TAKE });
    for (const id of [nobody, 'nope']) {
      const missing = await move(bob, session, id, { start_seconds: 3 });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: COLLAB_TAKE_NOT_FOUND });
    }
    expect(await takesOf(session)).toEqual([bobs]);
  });

  it('moves the member’s own take onto the beat grid, tells every member, and a late joiner sees it there', async () => {
    const session = await sessionWithBob();
    const bobs = await addTake(session, bob, 2);
    const annSocket = await socketOf(ann);
    const zedSocket = await socketOf(zed);
    try {
      // 3.25 s at 100 bpm lies nearest the grid's 3.0 (beats of 0.6 s: 3.0, 3.6).
      const moved = await move(bob, session, bobs.id, { start_seconds: 3.25 });
      expect(moved.statusCode).toBe(200);
      const now: CollabTake = moved.json();
      expect(now).toEqual({ ...bobs, start_seconds: expect.closeTo(3, 9) });
      expect(await annSocket.next(collab('take_moved', session.id))).toMatchObject({
        data: { take: now },
      });
      expect((await cy.agent.post(`${base}/join/${session.session_code}`)).statusCode).toBe(200);
      const late = (await cy.agent.get(`${base}/${session.id}/state`)).json();
      expect(late.takes).toEqual([now]);
      expect(zedSocket.messages.some((m) => m.type === 'collab' && m.data.session_id === session.id)).toBe(
        false,
      );
    } finally {
      annSocket.close();
      zedSocket.close();
    }
  });
});

describe('deleting a take', () => {
  it('DELETE …/takes/{takeId}: 401, 403 outsider or another member’s take, 404 unknown; the owner and the host may', async () => {
    const session = await sessionWithBob();
    expect((await cy.agent.post(`${base}/join/${session.session_code}`)).statusCode).toBe(200);
    const bobsFirst = await addTake(session, bob, 2);
    const bobsSecond = await addTake(session, bob, 2);
    const hosts = await addTake(session, ann, 1);
    const bobSocket = await socketOf(bob);
    try {
      const path = `${base}/${session.id}/takes/${bobsFirst.id}`;
      expect((await t.app.inject({ method: 'DELETE', url: path })).statusCode).toBe(401);
      const outsider = await remove(zed, session, bobsFirst.id);
      expect(outsider.statusCode).toBe(403);
      expect(outsider.json()).toEqual({ error: COLLAB_NOT_MEMBER });
      const byCy = await remove(cy, session, bobsFirst.id);
      expect(byCy.statusCode).toBe(403);
      expect(byCy.json()).toEqual({ error: COLLAB_NOT_YOUR_TAKE });
      const hostsByBob = await remove(bob, session, hosts.id);
      expect(hostsByBob.statusCode).toBe(403);
      expect((await remove(bob, session, nobody)).statusCode).toBe(404);
      expect(await takesOf(session)).toEqual([bobsFirst, bobsSecond, hosts]);

      // Bob deletes his own; the host deletes one of bob's: gone for everyone, now and later.
      expect((await remove(bob, session, bobsFirst.id)).statusCode).toBe(204);
      expect((await remove(ann, session, bobsSecond.id)).statusCode).toBe(204);
      // Bob hears of the host's deletion of his take.
      const deleted = await bobSocket.next(
        (m) =>
          collab('take_deleted', session.id)(m) &&
          m.data.type === 'take_deleted' &&
          m.data.take_id === bobsSecond.id,
      );
      expect(deleted).toEqual({
        type: 'collab',
        data: { type: 'take_deleted', session_id: session.id, take_id: bobsSecond.id },
      });
      expect((await remove(ann, session, bobsSecond.id)).statusCode).toBe(404);
      expect(await takesOf(session)).toEqual([hosts]);
      // The recording stays bob's own.
      const mine = (await bob.agent.get('/api/recordings')).json() as { recordings: { id: string }[] };
      expect(mine.recordings.map((r) => r.id)).toContain(bobsSecond.recording_id);
    } finally {
      bobSocket.close();
    }
  });
});

describe('the take in progress, live', () => {
  it('POST …/takes/live: 401, 400 bad frames or no take started, 403 outsider; frames reach the others only', async () => {
    const session = await sessionWithBob();
    const path = `${base}/${session.id}/takes/live`;
    const frame = { at: 0, levels: [0.1, 0.5, 0.25] };
    expect((await t.app.inject({ method: 'POST', url: path, payload: frame })).statusCode).toBe(401);
    const outsider = await zed.agent.post(path, frame);
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json()).toEqual({ error: COLLAB_NOT_MEMBER });
    const notStarted = await bob.agent.post(path, frame);
    expect(notStarted.statusCode).toBe(400);
    expect(notStarted.json()).toEqual({ error: COLLAB_NOT_RECORDING });
    for (const body of [
      {},
      { at: -1, levels: [] },
      { at: 0.5, levels: [] },
      { at: 0, levels: [2] },
      { at: 0, levels: Array(COLLAB_LIVE_FRAME_MAX_LEVELS + 1).fill(0) },
    ]) {
      expect((await bob.agent.post(path, body)).statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
    }

    const annSocket = await socketOf(ann);
    const bobSocket = await socketOf(bob);
    const zedSocket = await socketOf(zed);
    try {
      await ann.agent.post(`${base}/${session.id}/transport`, { is_playing: false, position: 4 });
      expect((await bob.agent.post(`${base}/${session.id}/takes/start`, { track: 2 })).statusCode).toBe(200);
      // The stamp shows the take at once, where it starts, before any level.
      expect(await annSocket.next(collab('take_live', session.id))).toEqual({
        type: 'collab',
        data: {
          type: 'take_live',
          session_id: session.id,
          user_id: bob.id,
          track: 2,
          start_seconds: 4,
          at: 0,
          levels: [],
        },
      });
      expect((await bob.agent.post(path, frame)).statusCode).toBe(204);
      expect((await bob.agent.post(path, { at: 3, levels: [0.75] })).statusCode).toBe(204);
      const second = await annSocket.next(
        (m) => collab('take_live', session.id)(m) && m.data.type === 'take_live' && m.data.at === 3,
      );
      expect(second).toMatchObject({
        data: { user_id: bob.id, track: 2, start_seconds: 4, levels: [0.75] },
      });

      // Bob takes it back: the others' recording clip goes; frames are refused from then on.
      expect(
        (await bob.agent.request({ method: 'DELETE', url: `${base}/${session.id}/takes/start` })).statusCode,
      ).toBe(204);
      expect(await annSocket.next(collab('take_live_ended', session.id))).toEqual({
        type: 'collab',
        data: { type: 'take_live_ended', session_id: session.id, user_id: bob.id },
      });
      expect((await bob.agent.post(path, frame)).statusCode).toBe(400);
      const takeAfter = await bob.agent.post(`${base}/${session.id}/takes`, {
        recording_id: nobody,
        track: 2,
      });
      expect(takeAfter.statusCode).toBe(404);

      // The recorder hears none of their own frames; outsiders none at all.
      expect(bobSocket.messages.some((m) => collab('take_live', session.id)(m))).toBe(false);
      expect(zedSocket.messages.some((m) => m.type === 'collab' && m.data.session_id === session.id)).toBe(
        false,
      );
    } finally {
      annSocket.close();
      bobSocket.close();
      zedSocket.close();
    }
  });

  it('an ended session takes no frames; a member sends at most the frames a minute allows', async () => {
    // Cy has sent no frame yet: the budget is counted per member, whatever the session.
    const session = await sessionWithBob();
    expect((await cy.agent.post(`${base}/join/${session.session_code}`)).statusCode).toBe(200);
    const path = `${base}/${session.id}/takes/live`;
    expect((await cy.agent.post(`${base}/${session.id}/takes/start`, { track: 3 })).statusCode).toBe(200);
    const answers: number[] = [];
    for (let i = 0; i <= COLLAB_LIVE_FRAMES_PER_MINUTE; i++) {
      answers.push((await cy.agent.post(path, { at: i, levels: [0.5] })).statusCode);
    }
    expect(answers.filter((code) => code === 204)).toHaveLength(COLLAB_LIVE_FRAMES_PER_MINUTE);
    expect(answers.at(-1)).toBe(429);

    const other = await sessionWithBob();
    expect((await bob.agent.post(`${base}/${other.id}/takes/start`, { track: 2 })).statusCode).toBe(200);
    expect((await ann.agent.post(`${base}/${other.id}/end`)).statusCode).toBe(204);
    const ended = await bob.agent.post(`${base}/${other.id}/takes/live`, { at: 0, levels: [] });
    expect(ended.statusCode).toBe(404);
    expect(ended.json()).toEqual({ error: COLLAB_ERRORS.notFound });
  });
});

describe('where a take starts', () => {
  it('takes the member’s own position within the tolerance of the server’s stamp, else the stamp', () => {
    expect(takeStart(10.2, 10)).toBe(10);
    expect(takeStart(10.2, 10.2 - COLLAB_TAKE_START_TOLERANCE_S)).toBeCloseTo(9.2, 9);
    expect(takeStart(10.2, 8)).toBe(10.2);
    expect(takeStart(10.2, 30)).toBe(10.2);
    expect(takeStart(10.2, undefined)).toBe(10.2);
  });

  it('POST …/takes/start with position: the take lands where the member heard it start, not a request later', async () => {
    const session = await sessionWithBob();
    const path = `${base}/${session.id}/takes/start`;
    for (const body of [
      { track: 2, position: -1 },
      { track: 2, position: '3' },
    ]) {
      expect((await bob.agent.post(path, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    // Playing: the server's stamp is late by the request's trip; bob's player was 0.3 s earlier.
    const played = (
      await ann.agent.post(`${base}/${session.id}/transport`, { is_playing: true, position: 10 })
    ).json();
    const heard = 10 + (Date.now() - played.position_at) / 1000 - 0.3;
    const near = (await bob.agent.post(path, { track: 2, position: heard })).json();
    expect(near.start_seconds).toBe(heard);
    // A position far from the transport (a stale player, a wrong clock) is not trusted.
    const far = (await bob.agent.post(path, { track: 2, position: 2 })).json();
    expect(far.start_seconds).toBeCloseTo(10 + (far.stamped_at - played.position_at) / 1000, 6);

    // The take added next sits where bob heard it start.
    const { payload, headers } = multipartBody(takeParts(beatId, { name: 'On time' }));
    const recording = (
      await bob.agent.request({ method: 'POST', url: '/api/recordings/upload', payload, headers })
    ).json();
    const heardNow = 10 + (Date.now() - played.position_at) / 1000 - 0.2;
    expect((await bob.agent.post(path, { track: 2, position: heardNow })).statusCode).toBe(200);
    const added = await bob.agent.post(`${base}/${session.id}/takes`, {
      recording_id: recording.id,
      track: 2,
    });
    expect(added.json().start_seconds).toBe(heardNow);
  });
});
