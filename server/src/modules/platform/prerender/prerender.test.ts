import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIRST_SCREEN_DATA_ID, type FirstScreenData } from '@beatroom/shared/first-screen-data';
import { LIMITS } from '@beatroom/shared/limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beatWithCover, createBeat } from '../../../../test/catalogue';
import { hideProfile } from '../../../../test/community-fixtures';
import { createTestApp, signIn, type Agent } from '../../../../test/helpers';
import { BEAT_COVER_SIZES } from '../seo/seo.service';
import { escapeHtml, markup, rawHtml } from './html';

// The first screen the public pages are served with, through the real web plugin,
// services and database: what is in #root before any script runs, escaped, and the status.
const dist = mkdtempSync(join(tmpdir(), 'beatroom-prerender-'));
const XSS_TITLE = '<script>alert("t")</script>';
const XSS_TEXT = `</p><img src=x onerror="alert('d')"> & $& $1`;
let t: Awaited<ReturnType<typeof createTestApp>>;
let producer: Agent;
let producerId: string;
let beatId: string;
let coverKey: string;
let xssBeatId: string;
let privateId: string;

/** What #root holds in a served page. */
function root(page: string): string {
  const match = /<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(page);
  if (!match) throw new Error(`no #root in ${page.slice(0, 200)}`);
  return match[1]!;
}

beforeAll(async () => {
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head>\n<title>Beatroom · Premium Beat Marketplace</title>\n</head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ webDist: dist, publicUrl: 'https://beats.example' });
  const signedIn = await signIn(t.app, 'nova@example.com');
  producer = signedIn.agent;
  producerId = signedIn.user.id;
  await producer.request({
    method: 'PUT',
    url: '/api/profile',
    payload: { display_name: 'Nova <b>Beats</b>', bio: XSS_TEXT, location: 'Berlin' },
  });
  ({ id: beatId, coverKey } = await beatWithCover(producer, 'Midnight Trap Lord'));
  xssBeatId = await createBeat(producer, {
    title: XSS_TITLE,
    description: XSS_TEXT,
    is_free: true,
    price_cents: 0,
  });

  const hidden = await signIn(t.app, 'hidden@example.com');
  privateId = hidden.user.id;
  await hidden.agent.request({ method: 'PUT', url: '/api/profile', payload: { display_name: 'Quiet One' } });
  await hideProfile(t.app, privateId);
  // Uploads and beat creation run real audio work: slow when the machine is shared.
}, 400_000);
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('html', () => {
  it('escapes every interpolated value and keeps nested markup', () => {
    const inner = markup`<b>${'<i>'}</b>`;
    expect(markup`<p title="${`"'&`}">${inner}${[1, null, false, 'x']}</p>`.value).toBe(
      '<p title="&#34;&#39;&#38;"><b>&#60;i&#62;</b>1x</p>',
    );
    expect(escapeHtml('<a href="x">')).toBe('&#60;a href=&#34;x&#34;&#62;');
    expect(markup`${rawHtml('<svg></svg>')}`.value).toBe('<svg></svg>');
  });
});

describe('the first screen of public pages', () => {
  it('renders a beat page: title, producer, price and its cover with renditions, fetched first', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/beat/${beatId}` });
    expect(res.statusCode).toBe(200);
    const screen = root(res.body);
    expect(screen).toContain('<h1 id="beat-title"');
    expect(screen).toContain('>Midnight Trap Lord</h1>');
    expect(screen).toContain(
      `<a href="/profile/${producerId}" class="font-semibold text-fg hover:underline">Nova &#60;b&#62;Beats&#60;/b&#62;</a>`,
    );
    expect(screen).toContain('>$29.99</span>');
    expect(screen).toContain('Heavy 808s for late-night verses.');
    const id = coverKey.slice('images/'.length, -'.jpg'.length);
    expect(screen).toContain(
      `<img src="/api/files/${coverKey}" srcset="/api/files/images-256/${id}.webp 256w, /api/files/images-512/${id}.webp 512w, /api/files/${coverKey} 800w" sizes="${BEAT_COVER_SIZES}" alt="Cover of Midnight Trap Lord" loading="eager" fetchpriority="high"`,
    );
    // The site header comes first, the page inside <main> as the app lays it out.
    expect(screen.indexOf('<header')).toBeLessThan(screen.indexOf('<main id="main-content"'));
    expect(screen).toContain('<a href="/" class="flex min-w-0 items-center gap-2.5 rounded-lg">');
  });

  it('escapes what users wrote: a beat titled <script> is text', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/beat/${xssBeatId}` });
    expect(res.statusCode).toBe(200);
    const screen = root(res.body);
    expect(screen).not.toContain('<script');
    expect(screen).not.toContain('<img src=x');
    expect(screen).toContain('&#60;script&#62;alert(&#34;t&#34;)&#60;/script&#62;</h1>');
    // `$&` and `$1` are not replacement patterns when the markup goes into the page.
    expect(screen).toContain(
      '&#60;/p&#62;&#60;img src=x onerror=&#34;alert(&#39;d&#39;)&#34;&#62; &#38; $&#38; $1</p>',
    );
    // No cover: the title's initial on a gradient, named like the app's.
    expect(screen).toContain(
      'role="img" aria-label="Cover of &#60;script&#62;alert(&#34;t&#34;)&#60;/script&#62;"',
    );
    expect(screen).toContain('>Free</span>');
    // The only <script> elements are index.html's own (none in this template).
    expect(res.body.match(/<script/g)).toBeNull();
  });

  it('answers 404 with "Beat not found" for a missing beat or an id that is no id', async () => {
    for (const url of ['/beat/00000000-0000-4000-8000-000000000000', '/beat/not-a-beat']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(root(res.body)).toContain('Beat not found</h1>');
    }
  });

  it('renders home: the hero and the first row of the catalogue, newest first, covers lazy but the first two', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    const screen = root(res.body);
    expect(screen).toContain('Find the beat that makes your next hit</h1>');
    expect(screen).toContain('<h2 id="beats-title"');
    expect(screen.match(/<article /g)).toHaveLength(2);
    // Newest first: the <script> beat, then the covered one, each linking to its page.
    expect(screen.indexOf(`href="/beat/${xssBeatId}"`)).toBeLessThan(
      screen.indexOf(`href="/beat/${beatId}"`),
    );
    expect(screen).toContain(`alt="Cover of Midnight Trap Lord" loading="eager" fetchpriority="high"`);
    expect(screen).toContain(`srcset="/api/files/images-256/`);
    expect(screen).not.toContain('<script');
    expect(screen).toContain('aria-current="page">Browse</a>');
  });

  it("carries the catalogue's first page for the app, as the API answers it, with no way out of its element", async () => {
    const before = Date.now();
    const [page, list] = await Promise.all([
      t.app.inject({ method: 'GET', url: '/' }),
      t.app.inject({ method: 'GET', url: `/api/beats?limit=${LIMITS.BEAT_LIST_DEFAULT_LIMIT}` }),
    ]);
    const element = new RegExp(
      `<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">(.*?)</script>`,
    ).exec(page.body);
    expect(element).not.toBeNull();
    // The <script> beat's title is in it only as \u003c: the element closes where it should.
    expect(element![1]).not.toContain('<');
    expect(element![1]).toContain('\\u003cscript>');
    const data = JSON.parse(element![1]!) as FirstScreenData;
    expect(data.catalogue!.beats).toEqual(list.json());
    expect(data.catalogue!.read_at).toBeGreaterThanOrEqual(before - 60_000);
    expect(data.catalogue!.read_at).toBeLessThanOrEqual(Date.now());
  });

  it('renders only the hero on a filtered home (its cards would differ), and no data', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/?genre=Trap' });
    expect(res.statusCode).toBe(200);
    const screen = root(res.body);
    expect(screen).toContain('Find the beat that makes your next hit</h1>');
    expect(screen).not.toContain('<article');
    expect(res.body).not.toContain(FIRST_SCREEN_DATA_ID);
  });

  it("renders a profile's header, escaped", async () => {
    const res = await t.app.inject({ method: 'GET', url: `/profile/${producerId}` });
    expect(res.statusCode).toBe(200);
    const screen = root(res.body);
    expect(screen).toContain('<h1 id="profile-name"');
    expect(screen).toContain('>Nova &#60;b&#62;Beats&#60;/b&#62;</h1>');
    expect(screen).toContain('Berlin');
    expect(screen).toContain('Joined ');
    expect(screen).toContain('&#60;/p&#62;&#60;img src=x');
    expect(screen).not.toContain('<img src=x');
  });

  it('renders the header of a private profile (public to all) and nothing of what it hides', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/profile/${privateId}` });
    expect(res.statusCode).toBe(200);
    const screen = root(res.body);
    expect(screen).toContain('>Quiet One</h1>');
    expect(screen).not.toContain('<article');
  });

  it('answers 404 with "Profile not found" for a missing profile', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/profile/00000000-0000-4000-8000-000000000000' });
    expect(res.statusCode).toBe(404);
    expect(root(res.body)).toContain('Profile not found</h1>');
  });

  it('leaves other pages to the app: #root stays empty', async () => {
    for (const url of ['/upload', '/settings', '/beat/x/extra']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
    }
  });
});
