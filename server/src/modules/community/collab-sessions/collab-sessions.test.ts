import {
  COLLAB_ERRORS,
  COLLAB_HOST_ONLY,
  COLLAB_NOT_MEMBER,
  COLLAB_NOT_YOUR_TRACK,
  COLLAB_SESSION_FULL,
  COLLAB_TAKE_NOT_STARTED,
  SESSION_CODE_PATTERN,
  type CollabTake,
  type CollabSession,
  type JoinCollabSessionResponse,
} from '@beatroom/shared/collab-sessions-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collab, memberSocket } from '../../../../test/collab-fixtures';
import { member, type TestSocket } from '../../../../test/community-fixtures';
import { createTestApp, listenForSockets } from '../../../../test/helpers';
import { insertPlayableBeat, multipartBody, takeParts } from '../../../../test/recording-fixtures';
import { newSessionCode } from './collab-session-codes';
import { REMOVED_BY_HOST } from './collab-sessions.service';
import { TAKE_WRONG_BEAT } from './collab-takes.service';

type Member = Awaited<ReturnType<typeof member>>;
let t: Awaited<ReturnType<typeof createTestApp>>;
let url = '';
let ann: Member; // hosts
let bob: Member;
let cy: Member;
let dee: Member;
let eve: Member;
let zed: Member; // never a member
let beatId = '';
let otherBeatId = '';
const nobody = '00000000-0000-4000-8000-000000000000';
const base = '/api/collaborative-sessions';

beforeAll(async () => {
  t = await createTestApp();
  url = await listenForSockets(t.app);
  [ann, bob, cy, dee, eve, zed] = (await Promise.all(
    ['ann', 'bob', 'cy', 'dee', 'eve', 'zed'].map((name) => member(t.app, `${name}@example.com`)),
  )) as [Member, Member, Member, Member, Member, Member];
  beatId = (await insertPlayableBeat(t.app, ann.id, { title: 'Night Shift' })).id;
  otherBeatId = (await insertPlayableBeat(t.app, ann.id)).id;
});
afterAll(async () => t?.close());

async function openSession(host: Member = ann, name = 'Late session'): Promise<CollabSession> {
  const res = await host.agent.post(base, { beat_id: beatId, session_name: name });
  expect(res.statusCode).toBe(201);
  return res.json();
}

async function join(who: Member, code: string) {
  return who.agent.post(`${base}/join/${code}`);
}

const socketOf = (who: Member) => memberSocket(url, who);

/**
 * Zed, never a member, got none of the session's events: a marker only zed receives is published
 * after them, and once it arrived he would have had theirs too, had they been sent to him.
 */
async function expectZedHeardNothing(zedSocket: TestSocket, sessionId: string) {
  const own = await openSession(zed, 'zed alone');
  await zed.agent.post(`${base}/${own.id}/chat`, { message: 'marker' });
  await zedSocket.next(collab('chat', own.id));
  expect(zedSocket.messages.filter((m) => m.type === 'collab' && m.data.session_id === sessionId)).toEqual(
    [],
  );
}

describe('POST /api/collaborative-sessions', () => {
  it('401 signed out', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: base,
      payload: { beat_id: beatId, session_name: 'x' },
    });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    [{ session_name: 'x' }],
    [{ beat_id: 'nope', session_name: 'x' }],
    [{ beat_id: beatId, session_name: '   ' }],
    [{ beat_id: beatId, session_name: 'x', max_participants: 5 }],
  ])('400 for bad input %j', async (body) => {
    const res = await ann.agent.post(base, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(expect.any(String));
  });

  it('404 for a beat that does not exist', async () => {
    const res = await ann.agent.post(base, { beat_id: nobody, session_name: 'x' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Beat not found' });
  });

  it('creates a public session with a short random code, the caller hosting on track 1', async () => {
    const session = await openSession(ann, '  Friday jam ');
    expect(session).toMatchObject({
      host_user_id: ann.id,
      beat_id: beatId,
      beat_title: 'Night Shift',
      session_name: 'Friday jam',
      max_participants: 4,
      is_public: true,
      session_data: { is_playing: false, current_position: 0, beat_volume: 0.7 },
    });
    expect(session.session_code).toMatch(SESSION_CODE_PATTERN);
    const participants = (await ann.agent.get(`${base}/${session.id}/participants`)).json();
    expect(participants).toEqual([
      expect.objectContaining({ user_id: ann.id, role: 'host', track_assignment: 1, user_name: 'ann' }),
    ]);
  });

  it('draws codes from the whole alphabet, none alike in a thousand', () => {
    const codes = new Set(Array.from({ length: 1000 }, newSessionCode));
    expect(codes.size).toBe(1000);
    for (const code of codes) expect(code).toMatch(SESSION_CODE_PATTERN);
  });
});

describe('GET /api/collaborative-sessions/code/{code}', () => {
  it('answers the session to anyone with the code (visitors see the Join page), lower case too', async () => {
    const session = await openSession();
    const res = await t.app.inject({
      method: 'GET',
      url: `${base}/code/${session.session_code.toLowerCase()}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: session.id, session_code: session.session_code });
  });

  it('404 "Session not found or has ended" for a malformed, unknown or ended code', async () => {
    const ended = await openSession();
    expect((await ann.agent.post(`${base}/${ended.id}/end`)).statusCode).toBe(204);
    for (const code of ['x', 'ABCDEFGHJK', ended.session_code]) {
      const res = await bob.agent.get(`${base}/code/${code}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: COLLAB_ERRORS.notFound });
    }
  });
});

describe('POST /api/collaborative-sessions/join/{code}', () => {
  it('401 signed out, 404 for a code that names nothing', async () => {
    const session = await openSession();
    expect(
      (await t.app.inject({ method: 'POST', url: `${base}/join/${session.session_code}` })).statusCode,
    ).toBe(401);
    for (const code of ['bad!', 'ABCDEFGHJK']) {
      const res = await bob.agent.post(`${base}/join/${code}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: COLLAB_ERRORS.notFound });
    }
  });

  it('joins on the free tracks in order; joining again keeps the track; a fifth member gets 409', async () => {
    const session = await openSession();
    const tracks: number[] = [];
    for (const who of [bob, cy, dee]) {
      const res = await join(who, session.session_code);
      expect(res.statusCode).toBe(200);
      const body = res.json() as JoinCollabSessionResponse;
      expect(body.session.id).toBe(session.id);
      tracks.push(body.participants.find((p) => p.user_id === who.id)!.track_assignment);
    }
    expect(tracks).toEqual([2, 3, 4]);
    const again = await join(bob, session.session_code);
    expect(again.statusCode).toBe(200);
    expect((again.json() as JoinCollabSessionResponse).participants).toHaveLength(4);

    const fifth = await join(eve, session.session_code);
    expect(fifth.statusCode).toBe(409);
    expect(fifth.json()).toEqual({ error: COLLAB_SESSION_FULL });

    // A member leaving frees their track for the next one.
    expect((await cy.agent.post(`${base}/${session.id}/leave`)).statusCode).toBe(204);
    const late = await join(eve, session.session_code);
    expect(late.statusCode).toBe(200);
    expect(
      (late.json() as JoinCollabSessionResponse).participants.find((p) => p.user_id === eve.id),
    ).toMatchObject({
      track_assignment: 3,
      role: 'participant',
    });
  });

  it('five members joining at once: three get the free tracks, two get 409, no track twice', async () => {
    const session = await openSession();
    const results = await Promise.all([bob, cy, dee, eve, zed].map((who) => join(who, session.session_code)));
    const statuses = results.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 409, 409]);
    const participants = (await ann.agent.get(`${base}/${session.id}/participants`)).json() as {
      track_assignment: number;
    }[];
    expect(participants.map((p) => p.track_assignment)).toEqual([1, 2, 3, 4]);
  });

  it('404 once the host ended the session', async () => {
    const session = await openSession();
    await ann.agent.post(`${base}/${session.id}/end`);
    const res = await join(bob, session.session_code);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: COLLAB_ERRORS.notFound });
  });
});

describe('member-only reads: participants and state', () => {
  it.each(['participants', 'state'])(
    'GET …/%s: 401, 404, 403 for a non-member, 200 for a member',
    async (path) => {
      const session = await openSession();
      await join(bob, session.session_code);
      expect((await t.app.inject({ method: 'GET', url: `${base}/${session.id}/${path}` })).statusCode).toBe(
        401,
      );
      for (const id of ['nope', nobody]) {
        const res = await bob.agent.get(`${base}/${id}/${path}`);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: COLLAB_ERRORS.notFound });
      }
      const outsider = await zed.agent.get(`${base}/${session.id}/${path}`);
      expect(outsider.statusCode).toBe(403);
      expect(outsider.json()).toEqual({ error: COLLAB_NOT_MEMBER });
      const res = await bob.agent.get(`${base}/${session.id}/${path}`);
      expect(res.statusCode).toBe(200);
      const participants = path === 'state' ? res.json().participants : res.json();
      expect(participants.map((p: { user_id: string }) => p.user_id)).toEqual([ann.id, bob.id]);
    },
  );
});

describe('the live session: transport, tracks, chat, events to members only', () => {
  it('401 signed out and 400 bad input on every write', async () => {
    const session = await openSession();
    const writes = [
      ['POST', 'transport', { is_playing: 'yes', position: 0 }],
      ['PATCH', 'tracks/1', {}],
      ['PATCH', 'beat-volume', { beat_volume: 2 }],
      ['POST', 'chat', { message: '   ' }],
      ['POST', 'takes', { recording_id: 'nope', track: 1 }],
      ['POST', 'takes/start', { track: 9 }],
    ] as const;
    for (const [method, path, payload] of writes) {
      const out = await t.app.inject({ method, url: `${base}/${session.id}/${path}`, payload });
      expect(out.statusCode, path).toBe(401);
      const bad = await ann.agent.request({ method, url: `${base}/${session.id}/${path}`, payload });
      expect(bad.statusCode, path).toBe(400);
    }
    // A track that does not exist names nothing.
    expect(
      (
        await ann.agent.request({
          method: 'PATCH',
          url: `${base}/${session.id}/tracks/5`,
          payload: { muted: true },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('only the host drives the transport and the beat; members set their own track only', async () => {
    const session = await openSession();
    await join(bob, session.session_code);
    const transport = await bob.agent.post(`${base}/${session.id}/transport`, {
      is_playing: true,
      position: 1,
    });
    expect(transport.statusCode).toBe(403);
    expect(transport.json()).toEqual({ error: COLLAB_HOST_ONLY });
    const volume = await bob.agent.request({
      method: 'PATCH',
      url: `${base}/${session.id}/beat-volume`,
      payload: { beat_volume: 0.2 },
    });
    expect(volume.statusCode).toBe(403);
    const hostsTrack = await bob.agent.request({
      method: 'PATCH',
      url: `${base}/${session.id}/tracks/1`,
      payload: { muted: true },
    });
    expect(hostsTrack.statusCode).toBe(403);
    expect(hostsTrack.json()).toEqual({ error: COLLAB_NOT_YOUR_TRACK });
    for (const path of ['transport', 'chat']) {
      const res = await zed.agent.post(`${base}/${session.id}/${path}`, {
        is_playing: true,
        position: 0,
        message: 'hi',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: COLLAB_NOT_MEMBER });
    }
    const own = await bob.agent.request({
      method: 'PATCH',
      url: `${base}/${session.id}/tracks/2`,
      payload: { volume: 0.5, solo: true },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ volume: 0.5, muted: false, solo: true });
  });

  it('sends transport (server-stamped), track settings, beat volume, chat and joins to members, not to others', async () => {
    const session = await openSession();
    const annSocket = await socketOf(ann);
    const bobSocket = await socketOf(bob);
    const zedSocket = await socketOf(zed);
    try {
      await join(bob, session.session_code);
      await bobSocket.next(collab('participants', session.id));
      const joined = await annSocket.next(collab('participants', session.id));
      expect(
        joined.type === 'collab' && joined.data.type === 'participants' && joined.data.participants,
      ).toHaveLength(2);

      const before = Date.now();
      const played = await ann.agent.post(`${base}/${session.id}/transport`, {
        is_playing: true,
        position: 12.5,
      });
      expect(played.statusCode).toBe(200);
      const transport = await bobSocket.next(collab('transport', session.id));
      expect(transport).toMatchObject({
        type: 'collab',
        data: {
          type: 'transport',
          is_playing: true,
          current_position: 12.5,
          position_at: expect.any(Number),
        },
      });
      const stamped =
        transport.type === 'collab' && transport.data.type === 'transport' ? transport.data.position_at : 0;
      expect(stamped).toBeGreaterThanOrEqual(before);

      await ann.agent.request({
        method: 'PATCH',
        url: `${base}/${session.id}/tracks/2`,
        payload: { muted: true },
      });
      expect(await bobSocket.next(collab('track_settings', session.id))).toMatchObject({
        data: { track: 2, settings: { muted: true, volume: 0.8, solo: false } },
      });
      await ann.agent.request({
        method: 'PATCH',
        url: `${base}/${session.id}/beat-volume`,
        payload: { beat_volume: 0.3 },
      });
      await bobSocket.next(collab('beat_volume', session.id));

      const sent = await bob.agent.post(`${base}/${session.id}/chat`, { message: ' hello from bob ' });
      expect(sent.statusCode).toBe(201);
      expect(sent.json()).toMatchObject({ user_id: bob.id, user_name: 'bob', message: 'hello from bob' });
      expect(await annSocket.next(collab('chat', session.id))).toMatchObject({
        data: { message: { message: 'hello from bob', user_id: bob.id } },
      });

      // The state a late page load sees: the chat history and the transport as last set.
      const state = (await ann.agent.get(`${base}/${session.id}/state`)).json();
      expect(state.chat.map((m: { message: string }) => m.message)).toEqual(['hello from bob']);
      expect(state.session.session_data).toMatchObject({
        is_playing: true,
        current_position: 12.5,
        position_at: stamped,
        beat_volume: 0.3,
      });

      await expectZedHeardNothing(zedSocket, session.id);
    } finally {
      annSocket.close();
      bobSocket.close();
      zedSocket.close();
    }
  });
});

describe('takes on the session timeline', () => {
  async function upload(who: Member, beat: string) {
    const { payload, headers } = multipartBody(takeParts(beat, { name: 'Verse take' }));
    const res = await who.agent.request({ method: 'POST', url: '/api/recordings/upload', payload, headers });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  }
  const takesOf = async (sessionId: string) =>
    (await ann.agent.get(`${base}/${sessionId}/state`)).json().takes as CollabTake[];
  const moveTransport = (sessionId: string, body: { is_playing: boolean; position: number }) =>
    ann.agent.post(`${base}/${sessionId}/transport`, body);

  it('POST …/takes/start: 401, 400 bad track, 403 outsider or someone else’s track, 200 stamped by the server', async () => {
    const session = await openSession();
    await join(bob, session.session_code);
    const path = `${base}/${session.id}/takes/start`;
    expect((await t.app.inject({ method: 'POST', url: path, payload: { track: 2 } })).statusCode).toBe(401);
    for (const body of [{}, { track: 0 }, { track: '2' }, { track: 5 }]) {
      const bad = await bob.agent.post(path, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().error).toEqual(expect.any(String));
    }
    const outsider = await zed.agent.post(path, { track: 2 });
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json()).toEqual({ error: COLLAB_NOT_MEMBER });
    const hostsTrack = await bob.agent.post(path, { track: 1 });
    expect(hostsTrack.statusCode).toBe(403);
    expect(hostsTrack.json()).toEqual({ error: COLLAB_NOT_YOUR_TRACK });

    // Paused: the take starts where the transport stands.
    expect((await moveTransport(session.id, { is_playing: false, position: 2.5 })).statusCode).toBe(200);
    const paused = await bob.agent.post(path, { track: 2 });
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({ track: 2, start_seconds: 2.5, stamped_at: expect.any(Number) });

    // Playing: the transport's position by the server's clock when the start arrived.
    const played = (await moveTransport(session.id, { is_playing: true, position: 10 })).json();
    const stamp = (await bob.agent.post(path, { track: 2 })).json();
    expect(stamp.start_seconds).toBeCloseTo(10 + (stamp.stamped_at - played.position_at) / 1000, 6);
    expect(stamp.start_seconds).toBeGreaterThanOrEqual(10);
  });

  it('POST …/takes: 401, 400 bad input changing nothing, 403 outsider or another track, 404 someone else’s recording', async () => {
    const session = await openSession();
    await join(bob, session.session_code);
    const path = `${base}/${session.id}/takes`;
    const recordingId = await upload(bob, beatId);
    const wrongBeat = await upload(bob, otherBeatId);
    expect(
      (await t.app.inject({ method: 'POST', url: path, payload: { recording_id: recordingId, track: 2 } }))
        .statusCode,
    ).toBe(401);
    for (const body of [{ recording_id: recordingId }, { recording_id: 'nope', track: 2 }, { track: 2 }]) {
      expect((await bob.agent.post(path, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    // Nothing was started yet: a clear 400.
    const early = await bob.agent.post(path, { recording_id: recordingId, track: 2 });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ error: COLLAB_TAKE_NOT_STARTED });

    expect((await bob.agent.post(`${path}/start`, { track: 2 })).statusCode).toBe(200);
    const outsider = await zed.agent.post(path, { recording_id: recordingId, track: 2 });
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json()).toEqual({ error: COLLAB_NOT_MEMBER });
    const hostsTrack = await bob.agent.post(path, { recording_id: recordingId, track: 1 });
    expect(hostsTrack.statusCode).toBe(403);
    expect(hostsTrack.json()).toEqual({ error: COLLAB_NOT_YOUR_TRACK });
    const notMine = await ann.agent.post(path, { recording_id: recordingId, track: 1 });
    expect(notMine.statusCode).toBe(404);
    const overOther = await bob.agent.post(path, { recording_id: wrongBeat, track: 2 });
    expect(overOther.statusCode).toBe(400);
    expect(overOther.json()).toEqual({ error: TAKE_WRONG_BEAT });
    expect(await takesOf(session.id)).toEqual([]);

    // The refusals kept bob's stamp: his take still lands.
    expect((await bob.agent.post(path, { recording_id: recordingId, track: 2 })).statusCode).toBe(201);
  });

  it('every take lands on its member’s track where the server stamped it, is announced to members, and stays for a late joiner', async () => {
    const session = await openSession();
    await join(bob, session.session_code);
    const annSocket = await socketOf(ann);
    const zedSocket = await socketOf(zed);
    try {
      const recordingId = await upload(bob, beatId);
      await moveTransport(session.id, { is_playing: false, position: 3 });
      await bob.agent.post(`${base}/${session.id}/takes/start`, { track: 2 });
      // The host moving on while bob records does not move bob's take.
      await moveTransport(session.id, { is_playing: false, position: 20 });
      const added = await bob.agent.post(`${base}/${session.id}/takes`, {
        recording_id: recordingId,
        track: 2,
      });
      expect(added.statusCode).toBe(201);
      const first: CollabTake = added.json();
      expect(first).toMatchObject({
        user_id: bob.id,
        track: 2,
        start_seconds: 3,
        recording_id: recordingId,
        recording_name: 'Verse take',
      });
      expect(await annSocket.next(collab('take', session.id))).toMatchObject({ data: { take: first } });

      // A stamp places one take: the next needs a new start. Then a second take on the same track.
      const again = await bob.agent.post(`${base}/${session.id}/takes`, {
        recording_id: recordingId,
        track: 2,
      });
      expect(again.statusCode).toBe(400);
      await bob.agent.post(`${base}/${session.id}/takes/start`, { track: 2 });
      const second: CollabTake = (
        await bob.agent.post(`${base}/${session.id}/takes`, { recording_id: recordingId, track: 2 })
      ).json();
      expect(second.start_seconds).toBe(20);
      // The host's own take on track 1.
      const hostRecording = await upload(ann, beatId);
      await ann.agent.post(`${base}/${session.id}/takes/start`, { track: 1 });
      const hosts: CollabTake = (
        await ann.agent.post(`${base}/${session.id}/takes`, { recording_id: hostRecording, track: 1 })
      ).json();

      // A member joining later loads every take, in the order they came.
      await join(cy, session.session_code);
      const late = (await cy.agent.get(`${base}/${session.id}/state`)).json();
      expect(late.takes).toEqual([first, second, hosts]);

      const heard = await cy.agent.get(first.audio_url);
      expect(heard.statusCode).toBe(200);
      expect(heard.headers['content-type']).toMatch(/audio\/webm/);
      expect((await zed.agent.get(first.audio_url)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: first.audio_url })).statusCode).toBe(401);
      expect((await ann.agent.get(`${base}/${session.id}/takes/${nobody}/audio`)).statusCode).toBe(404);

      // Outsiders hear of none of it.
      await expectZedHeardNothing(zedSocket, session.id);
    } finally {
      annSocket.close();
      zedSocket.close();
    }
  });

  it('an ended session takes no more takes', async () => {
    const session = await openSession();
    await join(bob, session.session_code);
    const recordingId = await upload(bob, beatId);
    await bob.agent.post(`${base}/${session.id}/takes/start`, { track: 2 });
    expect((await ann.agent.post(`${base}/${session.id}/end`)).statusCode).toBe(204);
    const late = await bob.agent.post(`${base}/${session.id}/takes`, { recording_id: recordingId, track: 2 });
    expect(late.statusCode).toBe(404);
    expect(late.json()).toEqual({ error: COLLAB_ERRORS.notFound });
  });
});

describe('removing, leaving, ending', () => {
  it('DELETE …/participants/{userId}: 401, 403 for a non-host, 404 for a non-member, 204 and the member is told', async () => {
    const session = await openSession();
    await join(bob, session.session_code);
    await join(cy, session.session_code);
    const url_ = `${base}/${session.id}/participants/${cy.id}`;
    expect((await t.app.inject({ method: 'DELETE', url: url_ })).statusCode).toBe(401);
    const byMember = await bob.agent.request({ method: 'DELETE', url: url_ });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json()).toEqual({ error: COLLAB_HOST_ONLY });
    expect(
      (await ann.agent.request({ method: 'DELETE', url: `${base}/${session.id}/participants/${zed.id}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await ann.agent.request({ method: 'DELETE', url: `${base}/${session.id}/participants/${ann.id}` }))
        .statusCode,
    ).toBe(400);

    const cySocket = await socketOf(cy);
    try {
      expect((await ann.agent.request({ method: 'DELETE', url: url_ })).statusCode).toBe(204);
      await cySocket.next(collab('removed', session.id));
      expect((await cy.agent.get(`${base}/${session.id}/state`)).statusCode).toBe(403);
    } finally {
      cySocket.close();
    }
    // The code does not let a removed member back in; someone who only left may rejoin.
    const again = await cy.agent.post(`${base}/join/${session.session_code}`);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ error: REMOVED_BY_HOST });
    expect((await cy.agent.get(`${base}/${session.id}/participants`)).statusCode).toBe(403);
    expect((await bob.agent.post(`${base}/${session.id}/leave`)).statusCode).toBe(204);
    expect((await bob.agent.post(`${base}/join/${session.session_code}`)).statusCode).toBe(200);
  });

  it('POST …/leave: 401, 404, 403 for a non-member, 204; the host leaving ends it', async () => {
    const session = await openSession();
    await join(bob, session.session_code);
    expect((await t.app.inject({ method: 'POST', url: `${base}/${session.id}/leave` })).statusCode).toBe(401);
    expect((await bob.agent.post(`${base}/nope/leave`)).statusCode).toBe(404);
    expect((await zed.agent.post(`${base}/${session.id}/leave`)).statusCode).toBe(403);
    expect((await bob.agent.post(`${base}/${session.id}/leave`)).statusCode).toBe(204);
    expect((await bob.agent.get(`${base}/${session.id}/participants`)).statusCode).toBe(403);
    expect((await ann.agent.post(`${base}/${session.id}/leave`)).statusCode).toBe(204);
    expect((await bob.agent.get(`${base}/code/${session.session_code}`)).statusCode).toBe(404);
  });

  it('POST …/end: 401, 404, 403 for a member, 204 for the host, and members are told', async () => {
    const session = await openSession();
    await join(bob, session.session_code);
    expect((await t.app.inject({ method: 'POST', url: `${base}/${session.id}/end` })).statusCode).toBe(401);
    expect((await ann.agent.post(`${base}/${nobody}/end`)).statusCode).toBe(404);
    expect((await bob.agent.post(`${base}/${session.id}/end`)).statusCode).toBe(403);
    const bobSocket = await socketOf(bob);
    try {
      expect((await ann.agent.post(`${base}/${session.id}/end`)).statusCode).toBe(204);
      await bobSocket.next(collab('ended', session.id));
      expect((await bob.agent.get(`${base}/${session.id}/state`)).statusCode).toBe(404);
    } finally {
      bobSocket.close();
    }
  });
});

describe('createForCollaboration (the collaboration board)', () => {
  it('opens a session for the requester (host, track 1) and the responder (track 2) inside the caller’s transaction', async () => {
    const opened = await t.app.db.prisma.$transaction((tx) =>
      t.app.collabSessions.createForCollaboration(tx, {
        hostId: ann.id,
        guestId: bob.id,
        beatId,
        name: 'Hook wanted',
      }),
    );
    expect(opened.session_code).toMatch(SESSION_CODE_PATTERN);
    const participants = (await bob.agent.get(`${base}/${opened.id}/participants`)).json();
    expect(participants).toEqual([
      expect.objectContaining({ user_id: ann.id, role: 'host', track_assignment: 1 }),
      expect.objectContaining({ user_id: bob.id, role: 'participant', track_assignment: 2 }),
    ]);
    // Rolled back with the caller's transaction: nothing is left.
    const codeOf = { value: '' };
    await expect(
      t.app.db.prisma.$transaction(async (tx) => {
        codeOf.value = (
          await t.app.collabSessions.createForCollaboration(tx, {
            hostId: ann.id,
            guestId: cy.id,
            beatId: null,
            name: 'x',
          })
        ).session_code;
        throw new Error('board failed');
      }),
    ).rejects.toThrow('board failed');
    expect((await ann.agent.get(`${base}/code/${codeOf.value}`)).statusCode).toBe(404);
  });
});
