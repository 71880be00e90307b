import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr, stubXhr } from '../test/fake-xhr';
import { ApiError, configureApiClient } from './api-client';
import { uploadWithProgress } from './upload-with-progress';

const body = () => new FormData();
const sent = async () => {
  await vi.waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
  return FakeXhr.requests[0]!;
};

afterEach(() => configureApiClient({ baseUrl: undefined }));

describe('uploadWithProgress', () => {
  it('posts with credentials, reports byte progress and answers the parsed body', async () => {
    stubXhr();
    const onProgress = vi.fn();
    const result = uploadWithProgress('/api/upload/audio', body(), { onProgress });
    const xhr = await sent();
    expect(xhr).toMatchObject({ method: 'POST', url: '/api/upload/audio', withCredentials: true });
    expect(xhr.headers).toEqual({ Accept: 'application/json' });

    xhr.progress(25, 100);
    xhr.progress(100, 100);
    xhr.respond(200, { key: 'audio/x.wav' });
    await expect(result).resolves.toEqual({ key: 'audio/x.wav' });
    expect(onProgress.mock.calls).toEqual([[0.25], [1]]);
  });

  it('goes to the desktop app’s server, leaving the Bearer header to the app’s main process', async () => {
    stubXhr();
    configureApiClient({ baseUrl: 'https://beats.example' });
    void uploadWithProgress('/api/upload/image', body());
    const xhr = await sent();
    expect(xhr.url).toBe('https://beats.example/api/upload/image');
    expect(xhr.headers).toEqual({ Accept: 'application/json' });
  });

  it('fails like the api client: the server’s error text, a network TypeError, an AbortError', async () => {
    stubXhr();
    const failed = uploadWithProgress('/api/upload/audio', body());
    (await sent()).respond(413, { error: 'The audio file is larger than 50 MB' });
    await expect(failed).rejects.toEqual(new ApiError(413, 'The audio file is larger than 50 MB'));

    FakeXhr.requests = [];
    const offline = uploadWithProgress('/api/upload/audio', body());
    (await sent()).fail();
    await expect(offline).rejects.toBeInstanceOf(TypeError);

    FakeXhr.requests = [];
    const controller = new AbortController();
    const aborted = uploadWithProgress('/api/upload/audio', body(), { signal: controller.signal });
    const xhr = await sent();
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    expect(xhr.aborted).toBe(true);
  });
});
