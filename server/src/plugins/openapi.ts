import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { ErrorBody } from '@beatroom/shared/auth-contract';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { authenticate } from '../http/authenticate';
import { simpleEncoding, type Encoding } from '../http/compressed-answer';
import { SESSION_COOKIE } from '../modules/platform/auth/session-cookie';
import { AREA_OF_MODULE, moduleOfPluginChain } from './openapi-areas';

export const OPENAPI_JSON_URL = '/api/openapi.json';
export const API_DOCS_URL = '/api/docs';
/** The viewer's script, where Scalar's page asks for it (`<routePrefix>/js/scalar.js`). */
const VIEWER_SCRIPT_URL = `${API_DOCS_URL}/js/scalar.js`;

/** The one error body of the API, named once in the document and referenced by every operation. */
const DocumentedError = ErrorBody.meta({
  id: 'Error',
  description: 'Every failure: a message a person can read, with the status saying what kind.',
});

/** Security requirement of a route a signed-in caller may use: the session cookie or the desktop's bearer token. */
const SIGNED_IN: { [scheme: string]: string[] }[] = [{ session: [] }, { bearer: [] }];

interface RouteFacts {
  /** The module (folder under server/src/modules) whose plugin registered the route. */
  module: string;
}

type SwaggerTransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** Every route that is part of the API (under /api/) and not this reference itself. */
export function isDocumentedUrl(url: string): boolean {
  return url.startsWith('/api/') && url !== OPENAPI_JSON_URL && !url.startsWith(API_DOCS_URL);
}

/** Whether a route declares one of the signed-in guards (`app.authenticate`, `app.requireAdmin`). */
function guardOf(route: RouteOptions, requireAdmin: unknown): 'admin' | 'signed-in' | null {
  const hooks = route.onRequest ? [route.onRequest].flat() : [];
  if (hooks.includes(requireAdmin as never)) return 'admin';
  if (hooks.includes(authenticate as never)) return 'signed-in';
  return null;
}

/**
 * The API's own description, generated from the zod schemas the routes declare: served as
 * OpenAPI 3.1 at /api/openapi.json and rendered at /api/docs by Scalar's viewer, whose script
 * is served from the package itself (no CDN). Each operation is tagged with the module that
 * registered it (found here, once, instead of in every route file), grouped by server area,
 * marked with the session scheme when it needs a signed-in caller, and given the error body
 * for the failures every route can answer.
 */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    const facts = new WeakMap<RouteOptions, RouteFacts>();
    // While a module's plugin runs, it is the last name on the root's plugin chain (plugins that
    // do not encapsulate push their name there): the routes it adds meanwhile are that module's.
    app.addHook('onRoute', (route) => {
      facts.set(route, { module: moduleOfPluginChain(app.pluginName) });
    });

    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Beatroom API',
          version: '1',
          description:
            'The HTTP API of Beatroom, used by the website and the desktop app. Every failure answers `{ "error": "<message>" }` with the status that says what kind (400 bad input, 401 signed out, 403 not allowed, 404 missing, 409 conflict, 413 too large, 429 slow down).',
        },
        components: {
          securitySchemes: {
            session: {
              type: 'apiKey',
              in: 'cookie',
              name: SESSION_COOKIE,
              description: 'The httpOnly session cookie set by signing in on the website.',
            },
            bearer: {
              type: 'http',
              scheme: 'bearer',
              description: 'The same session token, sent by the desktop app as `Authorization: Bearer`.',
            },
          },
        },
      },
      transform: (input: SwaggerTransformInput) => {
        const { url, route } = input;
        if (!isDocumentedUrl(url)) return { schema: { hide: true }, url };
        const guard = guardOf(route, app.hasDecorator('requireAdmin') ? app.requireAdmin : null);
        // @fastify/websocket hides its routes; the socket's upgrade is part of the API all the same.
        const websocket = (route as { websocket?: boolean }).websocket === true;
        const { hide: _hide, ...schema } = { ...(route.schema ?? {}) } as Record<string, unknown>;
        const response: Record<string, unknown> = {};
        for (const [status, body] of Object.entries((schema.response as Record<string, unknown>) ?? {}))
          response[status] = body === ErrorBody ? DocumentedError : body;
        const failures: Record<number, unknown> = { 429: DocumentedError };
        if (schema.body || schema.querystring || schema.params) failures[400] = DocumentedError;
        if (schema.params) failures[404] = DocumentedError;
        if (guard || websocket) failures[401] = DocumentedError;
        if (guard === 'admin' || websocket) failures[403] = DocumentedError;
        for (const [status, body] of Object.entries(failures)) response[status] ??= body;
        const transformed = jsonSchemaTransform({
          ...input,
          schema: { ...schema, response } as SwaggerTransformInput['schema'],
        });
        const module = facts.get(route)?.module ?? 'other';
        const responses = transformed.schema.response as Record<string, unknown>;
        if (websocket) {
          responses[101] = {
            type: 'null',
            description: 'Switching Protocols: the realtime socket is open, for the session that asked.',
          };
        }
        return {
          url: transformed.url,
          schema: {
            ...transformed.schema,
            tags: [module],
            ...(guard || websocket ? { security: SIGNED_IN } : {}),
          },
        };
      },
      transformObject: (documentObject) => {
        const document = jsonSchemaTransformObject(documentObject) as Record<string, unknown> & {
          paths?: Record<string, Record<string, { tags?: string[] }>>;
        };
        const used = new Set<string>();
        for (const operations of Object.values(document.paths ?? {}))
          for (const operation of Object.values(operations))
            for (const tag of operation.tags ?? []) used.add(tag);
        const tags = [...used].sort();
        const groups = new Map<string, string[]>();
        for (const tag of tags) {
          const area = AREA_OF_MODULE[tag] ?? 'Other';
          groups.set(area, [...(groups.get(area) ?? []), tag]);
        }
        return {
          ...document,
          tags: tags.map((name) => ({ name, description: `The ${name} module.` })),
          'x-tagGroups': [...groups].map(([name, members]) => ({ name, tags: members })),
        };
      },
    });

    app.get(OPENAPI_JSON_URL, { schema: { hide: true } }, async () => app.swagger());

    // The viewer (Scalar) is a 4 MB script that costs ~40 MB of memory once loaded: it loads on
    // the first visit to /api/docs, not at start-up.
    let viewer: Promise<Viewer> | null = null;
    const loadViewer = () => (viewer ??= renderViewer());
    let pagePolicy: string | null = null;
    app.get(API_DOCS_URL, { schema: { hide: true } }, async (_request, reply) =>
      reply.redirect(`${API_DOCS_URL}/`, 301),
    );
    app.get(`${API_DOCS_URL}/`, { schema: { hide: true } }, async (_request, reply) => {
      const { page } = await loadViewer();
      // The page runs one inline script (the viewer's configuration): its policy is the site's
      // with exactly that script allowed by its hash.
      pagePolicy ??= docsPagePolicy(String(reply.getHeader('content-security-policy') ?? ''), page);
      return reply
        .header('content-security-policy', pagePolicy)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(page);
    });
    const encoded = new Map<Encoding, Buffer>();
    app.get(VIEWER_SCRIPT_URL, { compress: false, schema: { hide: true } }, async (request, reply) => {
      const { script } = await loadViewer();
      // The same bytes until the package changes: an hour in caches, and each encoding made
      // once (Brotli at quality 5 takes ~0.5 s for this file), not by the plugin per request.
      reply
        .type('application/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .header('vary', 'accept-encoding');
      const encoding = simpleEncoding(request);
      if (!encoding) return reply.send(script);
      let body = encoded.get(encoding);
      if (!body) {
        body =
          encoding === 'br'
            ? brotliCompressSync(script, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
            : gzipSync(script, { level: 9 });
        encoded.set(encoding, body);
      }
      return reply.header('content-encoding', encoding).send(body);
    });
  },
  { name: 'openapi' },
);

interface Viewer {
  page: string;
  script: string;
}

/** What Scalar's fastify plugin serves (page and script), asked of it once in a private instance. */
async function renderViewer(): Promise<Viewer> {
  const { default: scalar } = await import('@scalar/fastify-api-reference');
  const probe = Fastify({ logger: false });
  try {
    await probe.register(scalar, {
      routePrefix: API_DOCS_URL,
      configuration: {
        url: OPENAPI_JSON_URL,
        pageTitle: 'Beatroom API',
        withDefaultFonts: false,
        hideClientButton: true,
        telemetry: false,
        // Nothing that reaches out to Scalar's services (AI chat, MCP, hosted deploys).
        showDeveloperTools: 'never',
        agent: { disabled: true },
        mcp: { disabled: true },
      } as Record<string, unknown>,
    });
    const [page, script] = await Promise.all([
      probe.inject({ method: 'GET', url: `${API_DOCS_URL}/` }),
      probe.inject({ method: 'GET', url: VIEWER_SCRIPT_URL }),
    ]);
    if (page.statusCode !== 200 || script.statusCode !== 200)
      throw new Error('the API reference viewer did not render');
    return { page: page.body, script: script.body };
  } finally {
    await probe.close();
  }
}

/**
 * The API reference page's policy: the site's own (set by the security plugin), with the
 * hashes of the page's inline scripts added to script-src. Nothing else is loosened: the
 * viewer's script, styles and the document all come from this origin.
 */
export function docsPagePolicy(sitePolicy: string, html: string): string {
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body]) =>
      `'sha256-${createHash('sha256')
        .update(body ?? '')
        .digest('base64')}'`,
  );
  const directives = sitePolicy
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean);
  const scriptAt = directives.findIndex((d) => d.startsWith('script-src'));
  const script = [scriptAt >= 0 ? directives[scriptAt] : "script-src 'self'", ...hashes].join(' ');
  if (scriptAt >= 0) directives[scriptAt] = script;
  else directives.push(script);
  return directives.join('; ');
}
