import { randomUUID } from 'node:crypto';
import { COLLABORATION_TEXTS, type CollaborationRequest } from '@beatroom/shared/collaborations-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, insertBeat, member } from '../../../../test/community-fixtures';
import { createTestApp } from '../../../../test/helpers';

let t: Awaited<ReturnType<typeof createTestApp>>;
type Member = Awaited<ReturnType<typeof member>>;
let ann: Member; // posts requests
let bob: Member; // responds
let cy: Member; // a third member
const nobody = '00000000-0000-4000-8000-000000000000';
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

const body = (change: Record<string, unknown> = {}) => ({
  title: 'Need a hook singer',
  description: 'Dark trap beat, looking for a melodic hook.',
  request_type: 'vocalist_needed',
  skill_level: 'intermediate',
  genre: 'Trap',
  mood: 'Dark',
  ...change,
});

async function post(who: Member, change: Record<string, unknown> = {}): Promise<CollaborationRequest> {
  const res = await who.agent.post('/api/collaborations', body(change));
  expect(res.statusCode).toBe(201);
  return res.json();
}

async function insertRecording(userId: string, beatId: string, isPublic = true) {
  return t.app.db.prisma.recording.create({
    data: {
      userId,
      isPublic,
      beatId,
      recordingName: 'Hook idea',
      fileKey: `recordings/${randomUUID()}.webm`,
      fileSize: 1000,
      format: 'webm',
      durationSeconds: 1.5,
      peaks: [],
    },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  ann = await member(t.app, 'ann@example.com');
  bob = await member(t.app, 'bob@example.com');
  cy = await member(t.app, 'cy@example.com');
});
afterAll(async () => t?.close());

describe('POST /api/collaborations', () => {
  it('401 signed out, whatever the body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/collaborations', payload: { title: '' } });
    expect(res.statusCode).toBe(401);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['min above max', { budget_min: 500, budget_max: 100 }, COLLABORATION_TEXTS.BUDGET_ORDER],
    ['a deadline in the past', { deadline_date: '2020-01-01' }, COLLABORATION_TEXTS.DEADLINE_PAST],
    ['an unknown type', { request_type: 'dj_needed' }, 'Choose a request type'],
    ['an unknown skill level', { skill_level: 'legend' }, 'Choose a skill level'],
    ['a genre outside the list', { genre: 'Polka' }, 'Choose a genre'],
    ['a mood outside the list', { mood: 'Sleepy' }, 'Choose a mood'],
    ['a blank title', { title: ' ' }, 'Please enter a title'],
  ])('400 for %s', async (_, change, message) => {
    const res = await ann.agent.post('/api/collaborations', body(change));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
  });

  it('400 for a beat that does not exist', async () => {
    const res = await ann.agent.post('/api/collaborations', body({ beat_id: nobody }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: COLLABORATION_TEXTS.BEAT_NOT_FOUND });
  });

  it('201 with every field of a request; anyone may read it by id', async () => {
    const beat = await insertBeat(t.app, bob.id, { title: 'Night Drive' });
    const deadline = inAWeek();
    const created = await post(ann, {
      beat_id: beat.id,
      budget_min: 100,
      budget_max: 500,
      deadline_date: deadline,
    });
    expect(created).toMatchObject({
      title: 'Need a hook singer',
      request_type: 'vocalist_needed',
      skill_level: 'intermediate',
      genre: 'Trap',
      mood: 'Dark',
      beat_id: beat.id,
      beat_title: 'Night Drive',
      budget_min: 100,
      budget_max: 500,
      deadline_date: deadline,
      requester_user_id: ann.id,
      requester_name: 'ann',
      response_count: 0,
      status: 'open',
      current_user_response_id: null,
    });
    const read = await t.app.inject({ method: 'GET', url: `/api/collaborations/${created.id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(created);
  });
});

describe('GET /api/collaborations/:id', () => {
  it('404 for a malformed id, as for an unknown one', async () => {
    for (const id of ['nope', nobody]) {
      const res = await ann.agent.get(`/api/collaborations/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: COLLABORATION_TEXTS.NOT_FOUND });
    }
  });
});

describe('GET /api/collaborations', () => {
  let producerWanted: CollaborationRequest;
  let offer: CollaborationRequest;
  beforeAll(async () => {
    producerWanted = await post(cy, {
      request_type: 'producer_needed',
      title: 'Drill producer wanted',
      genre: 'Drill',
    });
    offer = await post(bob, {
      request_type: 'collaboration_offer',
      title: 'Open to anything',
      mood: 'Chill',
    });
  });

  it('400 for an unknown type', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/collaborations?type=everything' });
    expect(res.statusCode).toBe(400);
  });

  it('lists open requests newest first, to visitors too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/collaborations' });
    expect(res.statusCode).toBe(200);
    const ids = res.json().collaborations.map((c: CollaborationRequest) => c.id);
    expect(ids.slice(0, 2)).toEqual([offer.id, producerWanted.id]);
  });

  it('filters by type (all means every type) and searches on Enter', async () => {
    const byType = (await ann.agent.get('/api/collaborations?type=producer_needed')).json().collaborations;
    expect(byType.map((c: CollaborationRequest) => c.id)).toEqual([producerWanted.id]);
    const all = (await ann.agent.get('/api/collaborations?type=all')).json().collaborations;
    expect(all.length).toBeGreaterThanOrEqual(3);
    const found = (await ann.agent.get('/api/collaborations?search=DRILL')).json().collaborations;
    expect(found.map((c: CollaborationRequest) => c.id)).toEqual([producerWanted.id]);
    const none = (await ann.agent.get('/api/collaborations?search=zzz-nothing')).json().collaborations;
    expect(none).toEqual([]);
  });
});

describe('responding', () => {
  let request: CollaborationRequest;
  beforeAll(async () => {
    request = await post(ann, { title: 'Respond to me' });
  });
  const respond = (who: Member, id: string, payload: Record<string, unknown>) =>
    who.agent.post(`/api/collaborations/${id}/responses`, payload);

  it('401 signed out', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/collaborations/${request.id}/responses`,
      payload: { message: 'hi' },
    });
    expect(res.statusCode).toBe(401);
    const list = await t.app.inject({ method: 'GET', url: `/api/collaborations/${request.id}/responses` });
    expect(list.statusCode).toBe(401);
  });

  it('404 for an unknown request; 400 for a blank message', async () => {
    expect((await respond(bob, nobody, { message: 'hi' })).statusCode).toBe(404);
    expect((await respond(bob, request.id, { message: '  ' })).statusCode).toBe(400);
    expect((await bob.agent.get(`/api/collaborations/${nobody}/responses`)).statusCode).toBe(404);
  });

  it("403 to one's own request", async () => {
    const res = await respond(ann, request.id, { message: 'Me, myself' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: COLLABORATION_TEXTS.OWN_REQUEST });
  });

  it("400 for someone else's recording or beat", async () => {
    const annBeat = await insertBeat(t.app, ann.id);
    const annTake = await insertRecording(ann.id, annBeat.id);
    const take = await respond(bob, request.id, { message: 'Listen', recording_id: annTake.id });
    expect(take.statusCode).toBe(400);
    expect(take.json()).toEqual({ error: COLLABORATION_TEXTS.RECORDING_NOT_YOURS });
    const beat = await respond(bob, request.id, { message: 'Listen', beat_id: annBeat.id });
    expect(beat.statusCode).toBe(400);
    expect(beat.json()).toEqual({ error: COLLABORATION_TEXTS.BEAT_NOT_YOURS });
  });

  it('400 for a private take of ones own: the requester could not play it', async () => {
    const beat = await insertBeat(t.app, bob.id);
    const privateTake = await insertRecording(bob.id, beat.id, false);
    const res = await respond(bob, request.id, { message: 'Listen', recording_id: privateTake.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: COLLABORATION_TEXTS.RECORDING_PRIVATE });
  });

  it('201 with one own take and beat; once per member (409)', async () => {
    const beat = await insertBeat(t.app, bob.id, { title: 'Bob Beat' });
    const take = await insertRecording(bob.id, beat.id);
    const res = await respond(bob, request.id, {
      message: 'I can sing this',
      recording_id: take.id,
      beat_id: beat.id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      request_id: request.id,
      user_id: bob.id,
      user_name: 'bob',
      message: 'I can sing this',
      recording: { id: take.id, recording_name: 'Hook idea', audio_url: `/api/recordings/${take.id}/audio` },
      beat: { id: beat.id, title: 'Bob Beat' },
      status: 'pending',
      session_code: null,
    });
    const again = await respond(bob, request.id, { message: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: COLLABORATION_TEXTS.ALREADY_RESPONDED });

    const seenByBob = (await bob.agent.get(`/api/collaborations/${request.id}`)).json();
    expect(seenByBob).toMatchObject({ response_count: 1, current_user_response_id: res.json().id });
  });

  it('tells the requester of each response once (a notification, with the request to open)', async () => {
    const asked = await post(ann, { title: 'Notify me' });
    expect((await respond(cy, asked.id, { message: 'Count me in' })).statusCode).toBe(201);
    expect((await respond(cy, asked.id, { message: 'Again' })).statusCode).toBe(409);
    await eventually(async () => {
      const list = (await ann.agent.get('/api/notifications')).json().notifications as {
        type: string;
        message: string;
        data: Record<string, string>;
      }[];
      const about = list.filter((n) => n.data.collaborationId === asked.id);
      expect(about).toEqual([
        expect.objectContaining({
          type: 'collaboration_response',
          message: 'cy responded to Notify me',
          data: { collaborationId: asked.id },
        }),
      ]);
    });
  });

  it('the requester sees every response; a responder only their own; others none', async () => {
    await respond(cy, request.id, { message: 'Me too' });
    const forAnn = (await ann.agent.get(`/api/collaborations/${request.id}/responses`)).json().responses;
    expect(forAnn.map((r: { user_id: string }) => r.user_id)).toEqual([bob.id, cy.id]);
    const forBob = (await bob.agent.get(`/api/collaborations/${request.id}/responses`)).json().responses;
    expect(forBob.map((r: { user_id: string }) => r.user_id)).toEqual([bob.id]);
    const dee = await member(t.app, 'dee@example.com');
    expect((await dee.agent.get(`/api/collaborations/${request.id}/responses`)).json()).toEqual({
      responses: [],
    });
  });
});

describe('closing', () => {
  it('401 signed out, 404 unknown, 403 for anyone but the requester', async () => {
    const request = await post(ann, { title: 'Close me' });
    const url = `/api/collaborations/${request.id}/close`;
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    expect((await ann.agent.post(`/api/collaborations/${nobody}/close`)).statusCode).toBe(404);
    const other = await bob.agent.post(url);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ error: COLLABORATION_TEXTS.REQUESTER_ONLY });
  });

  it('closes: the request leaves the board and refuses responses (409); twice is harmless', async () => {
    const request = await post(ann, { title: 'Closing soon' });
    for (let i = 0; i < 2; i++) {
      const res = await ann.agent.post(`/api/collaborations/${request.id}/close`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: request.id, status: 'closed' });
    }
    const board = (await t.app.inject({ method: 'GET', url: '/api/collaborations' })).json().collaborations;
    expect(board.map((c: CollaborationRequest) => c.id)).not.toContain(request.id);
    const late = await bob.agent.post(`/api/collaborations/${request.id}/responses`, {
      message: 'Too late?',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: COLLABORATION_TEXTS.CLOSED });
  });
});

describe('accepting a response', () => {
  let request: CollaborationRequest;
  let bobResponse: string;
  let cyResponse: string;
  beforeAll(async () => {
    const beat = await insertBeat(t.app, ann.id, { title: 'Session Beat' });
    request = await post(ann, { title: 'Let us make a song', beat_id: beat.id });
    bobResponse = (
      await bob.agent.post(`/api/collaborations/${request.id}/responses`, { message: 'Me!' })
    ).json().id;
    cyResponse = (
      await cy.agent.post(`/api/collaborations/${request.id}/responses`, { message: 'Or me' })
    ).json().id;
  });
  const accept = (who: Member, responseId: string, requestId = request.id) =>
    who.agent.post(`/api/collaborations/${requestId}/responses/${responseId}/accept`);

  it('401 signed out; 403 for anyone but the requester; 404 for a response of another request', async () => {
    const url = `/api/collaborations/${request.id}/responses/${bobResponse}/accept`;
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    const byBob = await accept(bob, bobResponse);
    expect(byBob.statusCode).toBe(403);
    expect((await accept(ann, nobody)).statusCode).toBe(404);
    expect((await accept(ann, 'nope')).json()).toEqual({ error: COLLABORATION_TEXTS.RESPONSE_NOT_FOUND });
    const other = await post(ann, { title: 'Another' });
    expect((await accept(ann, bobResponse, other.id)).statusCode).toBe(404);
  });

  it('opens a session for both, closes the request and posts collaboration_started', async () => {
    const res = await accept(ann, bobResponse);
    expect(res.statusCode).toBe(200);
    const { session_id: sessionId, session_code: code, response } = res.json();
    expect(response).toMatchObject({ id: bobResponse, status: 'accepted', session_code: code });

    // Both are in the session: the requester hosts on track 1, the responder is on track 2.
    const participants = await ann.agent.get(`/api/collaborative-sessions/${sessionId}/participants`);
    expect(participants.statusCode).toBe(200);
    const rows = participants.json() as { user_id: string; track_assignment: number }[];
    const list = Array.isArray(rows) ? rows : (rows as { participants: typeof rows }).participants;
    expect(list.map((p) => [p.user_id, p.track_assignment]).sort()).toEqual(
      [
        [ann.id, 1],
        [bob.id, 2],
      ].sort(),
    );
    const byCode = await bob.agent.get(`/api/collaborative-sessions/code/${code}`);
    expect(byCode.statusCode).toBe(200);

    // Bob sees his accepted response with the code; the request has left the board.
    const mine = (await bob.agent.get(`/api/collaborations/${request.id}/responses`)).json().responses;
    expect(mine[0]).toMatchObject({ status: 'accepted', session_code: code });
    expect((await ann.agent.get(`/api/collaborations/${request.id}`)).json().status).toBe('closed');

    // The chosen responder is told the session waits for them.
    await eventually(async () => {
      const list = (await bob.agent.get('/api/notifications')).json().notifications as {
        type: string;
        data: Record<string, string>;
      }[];
      expect(list.filter((n) => n.type === 'collaboration_accepted')).toEqual([
        expect.objectContaining({ data: { collaborationId: request.id } }),
      ]);
    });
    await eventually(async () => {
      const feed = (await ann.agent.get('/api/activity?scope=mine')).json().activities;
      expect(feed[0]).toMatchObject({
        type: 'collaboration_started',
        userId: ann.id,
        targetId: request.id,
        targetName: 'Let us make a song',
      });
    });
  });

  it('accepting the same response again answers the same session; another response is 409', async () => {
    const first = (await ann.agent.get(`/api/collaborations/${request.id}/responses`)).json().responses;
    const code = first.find((r: { id: string }) => r.id === bobResponse).session_code;
    const again = await accept(ann, bobResponse);
    expect(again.statusCode).toBe(200);
    expect(again.json().session_code).toBe(code);
    const other = await accept(ann, cyResponse);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ error: COLLABORATION_TEXTS.CLOSED });
  });
});

describe('account deletion', () => {
  it("removes the member's requests and responses", async () => {
    const eve = await member(t.app, 'eve@example.com');
    const own = await post(eve, { title: 'Eve needs a producer' });
    const others = await post(ann, { title: 'Ann asks again' });
    await eve.agent.post(`/api/collaborations/${others.id}/responses`, { message: 'Eve here' });
    const res = await eve.agent.request({
      method: 'DELETE',
      url: '/api/account/delete',
      payload: { confirm: 'DELETE' },
    });
    expect(res.statusCode).toBe(200);
    expect((await ann.agent.get(`/api/collaborations/${own.id}`)).statusCode).toBe(404);
    expect((await ann.agent.get(`/api/collaborations/${others.id}`)).json().response_count).toBe(0);
  });
});
