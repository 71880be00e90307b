import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../test/mock-fetch';
import { apiClient, apiUrl, configureApiClient, createApiClient, realtimeUrl } from './api-client';

afterEach(() => {
  configureApiClient({ baseUrl: '' });
});

describe('api client', () => {
  it('sends no Authorization header on the web (the session is a cookie)', async () => {
    const api = stubFetch({ 'GET /api/users/me': () => jsonResponse({ ok: true }) });
    await createApiClient().get('/api/users/me');
    const headers = api.requests[0]!.init!.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
    expect(api.requests[0]!.init!.credentials).toBe('include');
  });

  it('uses the base URL once configured (desktop), still without a token of its own', async () => {
    const api = stubFetch({ 'POST /api/beats': () => jsonResponse({ id: 'b1' }) });
    configureApiClient({ baseUrl: 'https://beatroom.example' });
    await apiClient.post('/api/beats', { body: { title: 'x' } });
    expect(api.fetchMock.mock.calls[0]![0]).toBe('https://beatroom.example/api/beats');
    // The desktop app's main process adds the Bearer header; the page never holds the token.
    const headers = api.requests[0]!.init!.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
    expect(api.requests[0]!.init!.credentials).toBe('include');
  });

  it('builds file and WebSocket URLs on the configured server', () => {
    expect(apiUrl('/api/files/a')).toBe('/api/files/a');
    expect(realtimeUrl('/api/ws')).toBe(`ws://${window.location.host}/api/ws`);
    configureApiClient({ baseUrl: 'https://beatroom.example' });
    expect(apiUrl('/api/files/a')).toBe('https://beatroom.example/api/files/a');
    expect(realtimeUrl('/api/ws')).toBe('wss://beatroom.example/api/ws');
  });
});
