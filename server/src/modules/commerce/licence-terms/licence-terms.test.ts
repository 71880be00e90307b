import { DEFAULT_LICENCE_TERMS } from '@beatroom/shared/licence-terms-contract';
import { describe, expect, it } from 'vitest';
import { useProducerAndBuyers } from '../../../../test/selling-fixtures';

const ctx = useProducerAndBuyers();

const put = (agent: typeof ctx.ann.agent, payload: unknown) =>
  agent.request({ method: 'PUT', url: '/api/licence-terms', payload: payload as object });
const premium = { ...DEFAULT_LICENCE_TERMS.premium, audio_streams: 250_000, credit_line: 'Prod. by Nova' };
const mine = { ...DEFAULT_LICENCE_TERMS, premium };

describe('licence terms routes', () => {
  it('401s signed out, for reading and writing one’s own', async () => {
    const get = await ctx.t.app.inject({ method: 'GET', url: '/api/licence-terms' });
    const write = await ctx.t.app.inject({ method: 'PUT', url: '/api/licence-terms', payload: mine });
    expect([get.statusCode, write.statusCode]).toEqual([401, 401]);
  });

  it('400s terms out of range or incomplete, and keeps the old ones', async () => {
    for (const bad of [
      { ...mine, premium: { ...premium, publishing_split_percent: 150 } },
      { ...mine, basic: { ...DEFAULT_LICENCE_TERMS.basic, territory: ' ' } },
      { basic: DEFAULT_LICENCE_TERMS.basic },
    ]) {
      const res = await put(ctx.bob.agent, bad);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
    expect((await ctx.bob.agent.get('/api/licence-terms')).json()).toEqual(DEFAULT_LICENCE_TERMS);
  });

  it("writes only one's own: another producer's terms are read, never changed", async () => {
    expect((await put(ctx.ann.agent, mine)).statusCode).toBe(200);
    const producers = await ctx.ann.agent.get(`/api/users/${ctx.producer.id}/licence-terms`);
    expect(producers.json()).toEqual(DEFAULT_LICENCE_TERMS);
    const unknown = await ctx.ann.agent.get('/api/users/00000000-0000-4000-8000-000000000000/licence-terms');
    expect(unknown.statusCode).toBe(404);
  });

  it('saves the producer’s terms; anyone reads them, defaults until set', async () => {
    expect((await ctx.producer.agent.get('/api/licence-terms')).json()).toEqual(DEFAULT_LICENCE_TERMS);
    const res = await put(ctx.producer.agent, mine);
    expect([res.statusCode, res.json()]).toEqual([200, mine]);
    const visitor = await ctx.t.app.inject({
      method: 'GET',
      url: `/api/users/${ctx.producer.id}/licence-terms`,
    });
    expect(visitor.json().premium).toEqual(premium);
  });
});
