import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers';
import { helmetOptions, securityHeaders } from './security';

// The security headers are worked out once at start-up instead of by @fastify/helmet on every
// request: every answer must still carry exactly what @fastify/helmet would have set.
let t: Awaited<ReturnType<typeof createTestApp>>;
/** What @fastify/helmet itself answers with the app's options. */
let expected: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const reference = Fastify();
  await reference.register(helmet, helmetOptions(t.config));
  reference.get('/', async () => 'ok');
  const res = await reference.inject({ method: 'GET', url: '/' });
  await reference.close();
  expected = {};
  for (const [name, value] of Object.entries(res.headers))
    if (!['content-type', 'content-length', 'date', 'connection'].includes(name))
      expected[name] = String(value);
});
afterAll(async () => t?.close());

describe('security headers', () => {
  it('are the headers @fastify/helmet sets with the same options, nothing more or less', async () => {
    expect(await securityHeaders(helmetOptions(t.config))).toEqual(expected);
    // The policy the web app relies on, spelled out once.
    expect(expected['content-security-policy']).toContain("frame-ancestors 'none'");
    // The Google Pay availability check fetches Google's payment method manifest.
    expect(expected['content-security-policy']).toContain(
      "connect-src 'self' ws: wss: https://google.com/pay https://pay.google.com",
    );
    expect(expected['x-content-type-options']).toBe('nosniff');
    expect(expected['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it.each([
    ['the bare route', '/api/health'],
    ['the catalogue', '/api/beats'],
    ['an unknown API path', '/api/nothing-here'],
  ])('come with %s', async (_name, url) => {
    const res = await t.app.inject({ method: 'GET', url });
    for (const [name, value] of Object.entries(expected)) expect(res.headers[name], name).toBe(value);
  });

  it('come with a refused request too', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/beats', payload: {} });
    expect(res.statusCode).toBe(401);
    for (const [name, value] of Object.entries(expected)) expect(res.headers[name], name).toBe(value);
  });

  it('say Strict-Transport-Security only when the public URL is https', async () => {
    const https = await securityHeaders(
      helmetOptions({ ...t.config, publicUrl: 'https://beatroom.example' }),
    );
    expect(https['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(expected['strict-transport-security']).toBeUndefined();
  });
});
