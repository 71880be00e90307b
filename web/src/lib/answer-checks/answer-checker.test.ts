import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/mock-fetch';
import { createApiClient, type AnswerChecker } from '../api-client';
import { handleAnswerCheck } from './answer-check-handler';
import type { AnswerCheckReply, AnswerCheckRequest } from './answer-check-messages';
import { AnswerCheckError, answerSchema, resetAnswerChecker } from './answer-checker';

const waveform = { peaks: [[-0.5, 0.5]], duration_seconds: 30 };

/**
 * A worker as the page sees one, running the check worker's handler in this thread: messages
 * both ways go through structuredClone, as they would between threads.
 */
class InThreadWorker extends EventTarget {
  static created: InThreadWorker[] = [];
  readonly received: AnswerCheckRequest[] = [];

  constructor(readonly url: URL | string) {
    super();
    InThreadWorker.created.push(this);
  }

  postMessage(message: AnswerCheckRequest): void {
    const request = structuredClone(message);
    this.received.push(request);
    handleAnswerCheck(request, (reply: AnswerCheckReply) => {
      setTimeout(() => this.dispatchEvent(new MessageEvent('message', { data: structuredClone(reply) })));
    });
  }

  terminate(): void {}
}

/** A worker whose script never loads (a refused or missing file): it only reports an error. */
class BrokenWorker extends EventTarget {
  constructor() {
    super();
    setTimeout(() => this.dispatchEvent(new Event('error', { cancelable: true })), 5);
  }

  postMessage(): void {}

  terminate(): void {}
}

afterEach(() => {
  resetAnswerChecker();
  vi.unstubAllGlobals();
  InThreadWorker.created = [];
});

describe('answer checks in the page (no worker, as under jsdom)', () => {
  it('answers what the schema parses and rejects an answer that breaks the contract', async () => {
    const schema = answerSchema('beats-contract', 'BeatWaveform');
    await expect(schema.checkText(JSON.stringify(waveform))).resolves.toEqual(waveform);
    await expect(schema.checkText(JSON.stringify({ peaks: 'none', duration_seconds: 30 }))).rejects.toThrow(
      /peaks/,
    );
  });
});

describe('answer checks in the check worker', () => {
  it('loads the contract when the request starts and answers each check by its id', async () => {
    vi.stubGlobal('Worker', InThreadWorker);
    const schema = answerSchema('beats-contract', 'BeatWaveform');
    schema.prepareCheck();
    schema.prepareCheck(); // a second request for the same contract asks for nothing more
    const other = { peaks: null, duration_seconds: null };
    const [first, second] = await Promise.all([
      schema.checkText(JSON.stringify(waveform)),
      schema.checkText(JSON.stringify(other)),
    ]);
    expect(first).toEqual(waveform);
    expect(second).toEqual(other);
    expect(InThreadWorker.created).toHaveLength(1);
    expect(String(InThreadWorker.created[0]!.url)).toMatch(/answer-check\.worker\.ts/);
    expect(InThreadWorker.created[0]!.received.map((message) => message.type)).toEqual([
      'prepare',
      'check',
      'check',
    ]);
  });

  it("rejects an answer that breaks the contract with zod's issues", async () => {
    vi.stubGlobal('Worker', InThreadWorker);
    const error = await answerSchema('beats-contract', 'BeatWaveform')
      .checkText(JSON.stringify({ peaks: [[0]], duration_seconds: 30 }))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AnswerCheckError);
    expect(error).toMatchObject({ name: 'ZodError', message: expect.stringMatching(/peaks/) });
  });

  it('checks in the page instead when the worker cannot start, losing no answer', async () => {
    vi.stubGlobal('Worker', BrokenWorker);
    const schema = answerSchema('beats-contract', 'BeatWaveform');
    await expect(schema.checkText(JSON.stringify(waveform))).resolves.toEqual(waveform);
    await expect(schema.checkText(JSON.stringify(waveform))).resolves.toEqual(waveform);
  });
});

describe('the api client with an answer check', () => {
  it('starts the check beside the request and hands it the answer as text ("" for 204)', async () => {
    const calls: string[] = [];
    const checker: AnswerChecker<{ id: string }> = {
      prepareCheck: () => calls.push('prepare'),
      checkText: async (text) => {
        calls.push(`check ${text}`);
        return { id: 'checked' };
      },
    };
    stubFetch({
      'GET /api/thing': () => {
        calls.push('fetch');
        return jsonResponse({ id: 'raw' });
      },
      'DELETE /api/thing': () => new Response(null, { status: 204 }),
    });
    const api = createApiClient();
    await expect(api.get('/api/thing', { schema: checker })).resolves.toEqual({ id: 'checked' });
    expect(calls).toEqual(['prepare', 'fetch', 'check {"id":"raw"}']);
    await api.delete('/api/thing', { schema: checker });
    expect(calls.at(-1)).toBe('check ');
  });
});
