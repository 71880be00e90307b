import { readdirSync } from 'node:fs';
import { validate } from '@scalar/openapi-parser';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREA_OF_MODULE } from '../src/plugins/openapi-areas';
import { createTestApp } from './helpers';

type Operation = {
  tags?: string[];
  security?: Record<string, string[]>[];
  responses: Record<string, { description: string; content?: Record<string, { schema?: unknown }> }>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
  'x-tagGroups': { name: string; tags: string[] }[];
};

/** Module folder -> its area folder (`modules/<area>/<module>`). */
const AREA_FOLDER_OF_MODULE = new Map(
  readdirSync(new URL('../src/modules/', import.meta.url)).flatMap((area) =>
    readdirSync(new URL(`../src/modules/${area}/`, import.meta.url)).map((m) => [m, area] as const),
  ),
);
const MODULES = new Set(AREA_FOLDER_OF_MODULE.keys());

/**
 * Every route the app answers, read from Fastify's own route tree (not from the document's
 * source): `printRoutes` draws it as a tree whose lines add a segment to their parent's path.
 */
function routesOf(app: FastifyInstance): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?) \(([A-Z, ]+)\)$/.exec(line) ?? /^([│ ]*)[├└]── (.*)$/.exec(line);
    if (!match) continue;
    const depth = [...match[1]!].length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    for (const method of match[3]?.split(', ') ?? []) routes.push({ method, url: stack.join('') });
  }
  return routes;
}

/** Fastify's `:id` and `*` as the document writes them (`{id}`, `{*}`). */
const openapiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}').replace(/\*$/, '{*}');

describe('the API reference', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let document: Document;

  beforeAll(async () => {
    ({ app, close } = await createTestApp());
    const answer = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(answer.statusCode).toBe(200);
    document = answer.json();
  }, 120_000);
  afterAll(() => close());

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const { valid, errors } = await validate(structuredClone(document));
    expect(errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('lists every API route the app answers (HEAD beside its GET)', () => {
    const api = routesOf(app).filter(
      (r) =>
        r.url.startsWith('/api/') &&
        r.url !== '/api/openapi.json' &&
        !r.url.startsWith('/api/docs') &&
        // Fastify answers HEAD for every GET; an explicit HEAD route is listed as itself.
        !(r.method === 'HEAD' && !document.paths[openapiPath(r.url)]?.head),
    );
    expect(api.length).toBeGreaterThan(100);
    const missing = api.filter((r) => !document.paths[openapiPath(r.url)]?.[r.method.toLowerCase()]);
    expect(missing).toEqual([]);
  });

  it('gives every operation a schema for each answer with a body, and the error body for failures', () => {
    const withoutSchema: string[] = [];
    const withoutSuccess: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const statuses = Object.keys(operation.responses);
        if (!statuses.some((s) => /^[123]/.test(s))) withoutSuccess.push(`${method.toUpperCase()} ${path}`);
        for (const [status, answer] of Object.entries(operation.responses)) {
          if (['101', '204', '304'].includes(status)) continue;
          const media = Object.values(answer.content ?? {});
          if (media.length === 0 || media.some((m) => !m.schema))
            withoutSchema.push(`${method.toUpperCase()} ${path} ${status}`);
        }
        expect(operation.responses['429']?.content?.['application/json']?.schema).toEqual({
          $ref: '#/components/schemas/Error',
        });
      }
    }
    expect(withoutSuccess).toEqual([]);
    expect(withoutSchema).toEqual([]);
    expect(document.components.schemas.Error).toMatchObject({ required: ['error'] });
  });

  it('tags each operation with the module that registered it, grouped by area', () => {
    const tags = new Set(
      Object.values(document.paths).flatMap((ops) => Object.values(ops).flatMap((o) => o.tags ?? [])),
    );
    for (const tag of tags) expect(MODULES, `tag ${tag} is a module folder`).toContain(tag);
    for (const tag of tags) expect(AREA_OF_MODULE[tag], `area of ${tag}`).toBeDefined();
    // The reference's headings are the server's area folders.
    for (const [module, folder] of AREA_FOLDER_OF_MODULE)
      if (AREA_OF_MODULE[module]) expect(AREA_OF_MODULE[module]!.toLowerCase(), module).toBe(folder);
    expect(document.paths['/api/beats']?.get?.tags).toEqual(['beats']);
    expect(document.paths['/api/users/{id}/follow']?.post?.tags).toEqual(['follows']);
    expect(document.paths['/api/health']?.get?.tags).toEqual(['health']);
    expect(document.paths['/api/settings/public']?.get?.tags).toEqual(['admin']);
    const grouped = document['x-tagGroups'].flatMap((g) => g.tags);
    expect(new Set(grouped)).toEqual(tags);
  });

  it('marks the routes that need a session with the cookie (or bearer) scheme', () => {
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['bearer', 'session']);
    expect(document.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie' });
    const signedIn = [{ session: [] }, { bearer: [] }];
    expect(document.paths['/api/users/{id}/follow']?.post?.security).toEqual(signedIn);
    expect(document.paths['/api/users/{id}/follow']?.post?.responses['401']).toBeDefined();
    expect(document.paths['/api/admin/users']?.get?.security).toEqual(signedIn);
    expect(document.paths['/api/admin/users']?.get?.responses['403']).toBeDefined();
    expect(document.paths['/api/beats']?.get?.security).toBeUndefined();
    expect(document.paths['/api/ws']?.get?.responses['101']).toBeDefined();
  });

  it('renders at /api/docs with the viewer served from this server, its inline script allowed by hash', async () => {
    const bare = await app.inject({ method: 'GET', url: '/api/docs' });
    expect([bare.statusCode, bare.headers.location]).toEqual([301, '/api/docs/']);
    const page = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<script src="js/scalar.js"></script>');
    expect(page.body).not.toMatch(/https?:\/\//);
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(policy).toContain("default-src 'self'");
    // Only this page's policy names the hash: the site's stays as it was.
    const site = await app.inject({ method: 'GET', url: '/api/health' });
    expect(String(site.headers['content-security-policy'])).not.toContain('sha256-');

    const script = await app.inject({
      method: 'GET',
      url: '/api/docs/js/scalar.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.headers['content-encoding']).toBe('br');
    expect(script.rawPayload.length).toBeGreaterThan(100_000);
  });
});
