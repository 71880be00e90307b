import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers';

// The built web app served beside the API: client routes get index.html, the API never does.
const dist = mkdtempSync(join(tmpdir(), 'beatroom-web-'));
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Beatroom</title>');
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'app-1a2b.js'), 'console.log(1)');
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('web app fallback', () => {
  it('serves index.html for client routes, and hashed assets with a year of caching', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/settings?tab=account' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    // The page's own head replaces the built one (app.seo; seo.test.ts has the details).
    expect(page.body).toContain('<title>Beatroom · Premium Beat Marketplace</title>');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/api/nothing-here', '/api/users/me/nothing', '/api/', '/api'])(
    'answers an unknown API path (%s) with a JSON 404, never the app',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*' } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ error: `Not found: GET ${url}` });
    },
  );
});
