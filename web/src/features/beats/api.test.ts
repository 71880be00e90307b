import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../lib/api-client';
import { FakeXhr, stubXhr } from '../../test/fake-xhr';
import { jsonResponse, stubFetch } from '../../test/mock-fetch';
import { uploadAudio, uploadImage } from './api';

// The desktop app's renderer runs at app://beatroom and reaches the API at its configured server.
const SERVER = 'https://beats.example';

afterEach(() => configureApiClient({ baseUrl: undefined, getAuthToken: undefined }));

describe('uploads with a configured API base (the desktop app)', () => {
  it('sends the audio upload’s XHR to that server with the bearer token', async () => {
    stubXhr();
    configureApiClient({ baseUrl: SERVER, getAuthToken: () => 'tok3n' });
    const onProgress = vi.fn();
    const key = uploadAudio(new File(['RIFF'], 'beat.wav', { type: 'audio/wav' }), onProgress);

    await vi.waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    const xhr = FakeXhr.requests[0]!;
    expect(xhr).toMatchObject({ method: 'POST', url: `${SERVER}/api/upload/audio` });
    expect(xhr.headers.Authorization).toBe('Bearer tok3n');
    expect((xhr.body as FormData).get('audio')).toBeInstanceOf(File);
    xhr.progress(50, 100);
    xhr.respond(200, { key: 'audio/x.wav' });
    await expect(key).resolves.toBe('audio/x.wav');
    expect(onProgress).toHaveBeenCalledWith(0.5);
  });

  it('sends the image upload to that server with the bearer token', async () => {
    const api = stubFetch({ 'POST /api/upload/image': () => jsonResponse({ key: 'images/x.jpg' }) });
    configureApiClient({ baseUrl: SERVER, getAuthToken: () => 'tok3n' });

    await expect(uploadImage(new Blob(['jpeg']), 'cover.jpg')).resolves.toBe('images/x.jpg');
    const [url, init] = api.fetchMock.mock.calls[0]!;
    expect(url).toBe(`${SERVER}/api/upload/image`);
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer tok3n' });
    expect((init?.body as FormData).get('image')).toBeInstanceOf(Blob);
  });

  it('stays on the page’s own origin, without a token, on the web', async () => {
    stubXhr();
    void uploadAudio(new File(['RIFF'], 'beat.wav'), () => {});
    await vi.waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    expect(FakeXhr.requests[0]!.url).toBe('/api/upload/audio');
    expect(FakeXhr.requests[0]!.headers).not.toHaveProperty('Authorization');
  });
});
