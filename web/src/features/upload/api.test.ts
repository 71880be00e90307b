import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../lib/api-client';
import { FakeXhr, stubXhr } from '../../test/fake-xhr';
import { uploadAudio } from './api';

// The desktop app's renderer runs at app://beatroom and reaches the API at its configured server.
const SERVER = 'https://beats.example';

afterEach(() => configureApiClient({ baseUrl: undefined }));

describe('the audio upload with a configured API base (the desktop app)', () => {
  it('sends the audio upload’s XHR to that server (main adds the Bearer header)', async () => {
    stubXhr();
    configureApiClient({ baseUrl: SERVER });
    const onProgress = vi.fn();
    const key = uploadAudio(new File(['RIFF'], 'beat.wav', { type: 'audio/wav' }), onProgress);

    await vi.waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    const xhr = FakeXhr.requests[0]!;
    expect(xhr).toMatchObject({ method: 'POST', url: `${SERVER}/api/upload/audio` });
    expect(xhr.headers.Authorization).toBeUndefined();
    expect((xhr.body as FormData).get('audio')).toBeInstanceOf(File);
    xhr.progress(50, 100);
    xhr.respond(200, { key: 'audio/x.wav' });
    await expect(key).resolves.toBe('audio/x.wav');
    expect(onProgress).toHaveBeenCalledWith(0.5);
  });

  it('stays on the page’s own origin, without a token, on the web', async () => {
    stubXhr();
    void uploadAudio(new File(['RIFF'], 'beat.wav'), () => {});
    await vi.waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    expect(FakeXhr.requests[0]!.url).toBe('/api/upload/audio');
    expect(FakeXhr.requests[0]!.headers).not.toHaveProperty('Authorization');
  });
});
