import { DESKTOP_APP_ORIGIN } from '@beatroom/shared/desktop-app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers';
import { allowedOrigins } from '../http/origins';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('allowed origins', () => {
  it('holds the public URL and the desktop app, never the opaque "null"', () => {
    const origins = allowedOrigins({
      publicUrl: 'https://beatroom.example/',
      corsOrigins: ['app://other-app'],
      env: 'production',
    });
    expect([...origins]).toEqual(['https://beatroom.example', DESKTOP_APP_ORIGIN, 'app://other-app']);
    expect(origins.has('null')).toBe(false);
  });

  it('answers CORS preflights from the desktop renderer with credentials and the bearer header', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/beats',
      headers: {
        origin: DESKTOP_APP_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,idempotency-key',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(DESKTOP_APP_ORIGIN);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(String(res.headers['access-control-allow-headers'])).toContain('authorization');
  });

  it('lets the desktop renderer make state-changing calls and refuses other sites', async () => {
    const fromApp = await t.app.inject({
      method: 'POST',
      url: '/api/sessions/desktop',
      headers: { origin: DESKTOP_APP_ORIGIN },
      payload: {},
    });
    expect(fromApp.statusCode).toBe(400); // reached the route: only the body was wrong
    expect(fromApp.headers['access-control-allow-origin']).toBe(DESKTOP_APP_ORIGIN);
    for (const origin of ['https://evil.example', 'null', 'app://evil']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/sessions/desktop',
        headers: { origin },
        payload: {},
      });
      expect(res.statusCode).toBe(403);
    }
  });
});
