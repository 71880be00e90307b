import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../test/mock-fetch';
import { configureApiClient } from './api-client';
import { uploadImage } from './image-upload';

afterEach(() => configureApiClient({ baseUrl: undefined }));

describe('uploadImage', () => {
  it('sends the image to the configured server (the desktop app: main adds the Bearer header)', async () => {
    const api = stubFetch({ 'POST /api/upload/image': () => jsonResponse({ key: 'images/x.jpg' }) });
    configureApiClient({ baseUrl: 'https://beats.example' });

    await expect(uploadImage(new Blob(['jpeg']), 'cover.jpg')).resolves.toBe('images/x.jpg');
    const [url, init] = api.fetchMock.mock.calls[0]!;
    expect(url).toBe('https://beats.example/api/upload/image');
    expect(init?.headers).not.toHaveProperty('Authorization');
    expect((init?.body as FormData).get('image')).toBeInstanceOf(Blob);
  });

  it('refuses an answer without a key', async () => {
    stubFetch({ 'POST /api/upload/image': () => jsonResponse({ id: 'images/x.jpg' }) });
    await expect(uploadImage(new Blob(['jpeg']), 'cover.jpg')).rejects.toThrow();
  });
});
