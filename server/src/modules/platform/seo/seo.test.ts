import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beatWithCover, createBeat } from '../../../../test/catalogue';
import { hideProfile } from '../../../../test/community-fixtures';
import { createTestApp, signIn, type Agent } from '../../../../test/helpers';
import { BEAT_COVER_SIZES, DEFAULT_TITLE } from './seo.service';

// robots.txt, the sitemap, and the head each public page is served with (what crawlers and
// chat apps read without running the app), on a real database and the real web plugin.
const dist = mkdtempSync(join(tmpdir(), 'beatroom-seo-'));
let t: Awaited<ReturnType<typeof createTestApp>>;
let producer: Agent;
let producerId: string;
let beatId: string;
let coverKey: string;
let soldId: string;
let hiddenProducerId: string;
let hiddenBeatId: string;

beforeAll(async () => {
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head>\n<meta name="description" content="Site description" />\n<title>Beatroom · Premium Beat Marketplace</title>\n</head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ webDist: dist, publicUrl: 'https://beats.example' });
  const signedIn = await signIn(t.app, 'nova@example.com');
  producer = signedIn.agent;
  producerId = signedIn.user.id;
  await producer.request({
    method: 'PUT',
    url: '/api/profile',
    payload: { display_name: 'Nova <Beats>', bio: 'Icy trap & drill.' },
  });
  ({ id: beatId, coverKey } = await beatWithCover(producer, 'Midnight "Trap" Lord'));
  soldId = await createBeat(producer, { title: 'Gone Beat' });
  await t.app.db.prisma.beat.update({ where: { id: soldId }, data: { soldExclusiveAt: new Date() } });

  const hidden = await signIn(t.app, 'hidden@example.com');
  hiddenProducerId = hidden.user.id;
  hiddenBeatId = await createBeat(hidden.agent, { title: 'Quiet Beat', is_free: true, price_cents: 0 });
  await hideProfile(t.app, hiddenProducerId);
  // Uploads and beat creation run real audio work: slow when the machine is shared.
}, 400_000);
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('GET /robots.txt', () => {
  it('answers text naming the sitemap, never the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('User-agent: *');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Sitemap: https://beats.example/sitemap.xml');
  });
});

describe('GET /sitemap.xml', () => {
  it('lists the public beats and the profiles of their producers, not sold beats or private profiles', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(res.body).toContain('<loc>https://beats.example/</loc>');
    expect(res.body).toContain(`<loc>https://beats.example/beat/${beatId}</loc>`);
    expect(res.body).toContain(`<loc>https://beats.example/beat/${hiddenBeatId}</loc>`);
    expect(res.body).toContain(`<loc>https://beats.example/profile/${producerId}</loc>`);
    expect(res.body).not.toContain(soldId);
    expect(res.body).not.toContain(`/profile/${hiddenProducerId}`);
  });
});

describe('page heads', () => {
  it('serves a beat page with a title naming the beat and producer, and Open Graph tags with cover and price', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/beat/${beatId}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Midnight &#34;Trap&#34; Lord by Nova &#60;Beats&#62; · Beatroom</title>');
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain(
      '<meta name="description" content="Trap beat · 140 BPM · $29.99. Heavy 808s for late-night verses." />',
    );
    expect(html).toContain('<meta property="og:type" content="music.song" />');
    expect(html).toContain(
      '<meta property="og:title" content="Midnight &#34;Trap&#34; Lord by Nova &#60;Beats&#62; · Beatroom" />',
    );
    expect(html).toContain(
      `<meta property="og:image" content="https://beats.example/api/files/${coverKey}" />`,
    );
    expect(html).toContain(`<meta property="og:url" content="https://beats.example/beat/${beatId}" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain('<meta name="twitter:data1" content="$29.99" />');
    expect(html).toContain('<meta property="product:price:amount" content="29.99" />');
    // The first screen is in #root (modules/prerender); the head stays the page's own.
    expect(html).toContain('<div id="root"><div class="flex min-h-dvh flex-col">');
    // The cover (the page's largest paint) starts loading from the HTML, as the page's <img> asks.
    const id = coverKey.slice('images/'.length, -'.jpg'.length);
    expect(html).toContain(
      `<link rel="preload" as="image" href="/api/files/${coverKey}" imagesrcset="/api/files/images-256/${id}.webp 256w, /api/files/images-512/${id}.webp 512w, /api/files/${coverKey} 800w" imagesizes="${BEAT_COVER_SIZES}" fetchpriority="high" />`,
    );
    // The old path for a beat names the same page.
    const old = await t.app.inject({ method: 'GET', url: `/beats/${beatId}?tab=reviews` });
    expect(old.body).toContain(`<link rel="canonical" href="https://beats.example/beat/${beatId}" />`);
  });

  it('serves a profile page with the producer in its title and the bio as description', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/profile/${producerId}` });
    expect(res.body).toContain('<title>Nova &#60;Beats&#62; · Beatroom</title>');
    expect(res.body).toContain('<meta name="description" content="Icy trap &#38; drill." />');
    expect(res.body).toContain('<meta property="og:type" content="profile" />');
  });

  it.each([
    // A page that is not there answers 404 (modules/prerender), with the app to say so.
    ['a missing beat', '/beat/00000000-0000-4000-8000-000000000000', 404],
    ['a sold beat', 'SOLD', 200],
    ['a beat id that is no id', '/beat/not-a-beat', 404],
    ['a profile id that is no id', '/profile/%41bc', 404],
    ['any other page', '/upload', 200],
  ])('serves %s with the site title and description', async (_name, url, status) => {
    const res = await t.app.inject({ method: 'GET', url: url === 'SOLD' ? `/beat/${soldId}` : url });
    expect(res.statusCode).toBe(status);
    expect(res.body).toContain(`<title>${DEFAULT_TITLE}</title>`);
    expect(res.body).toContain('<meta property="og:type" content="website" />');
    expect(res.body).not.toContain('og:image');
    expect(res.body).not.toContain('rel="preload"');
  });
});
