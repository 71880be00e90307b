import { DEFAULT_USER_SETTINGS } from '@beatroom/shared/settings-contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_EVENT } from '../../../lib/toast';
import { producer } from '../../../test/fixtures';
import { stubXhr } from '../../../test/fake-xhr';
import { deferred, jsonResponse, stubFetch, type FetchHandler } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { UploadPage } from './upload-page';

// jsdom has no canvas: the resize is checked by its options and by what the form does next.
const resize = vi.hoisted(() => ({
  impl: null as null | ((file: Blob) => Promise<Blob>),
  calls: [] as unknown[],
}));
vi.mock('../../../lib/resize-image', () => ({
  resizeImageToJpeg: (file: Blob, options: unknown) => {
    resize.calls.push(options);
    return resize.impl ? resize.impl(file) : Promise.resolve(new Blob(['jpeg'], { type: 'image/jpeg' }));
  },
}));

const AUDIO_KEY = 'audio/0b0b0b0b-0b0b-4b0b-8b0b-0b0b0b0b0b0b.wav';
const IMAGE_KEY = 'images/0c0c0c0c-0c0c-4c0c-8c0c-0c0c0c0c0c0c.jpg';
const BEAT_ID = '0d0d0d0d-0d0d-4d0d-8d0d-0d0d0d0d0d0d';

const audioFile = (name = 'Night Drive.mp3') =>
  new File(['ID3 fake mp3 bytes'], name, { type: 'audio/mpeg' });
const coverFile = () => new File(['png'], 'cover.png', { type: 'image/png' });

function setup(handlers: Record<string, FetchHandler> = {}, { signedIn = true } = {}) {
  const api = stubFetch({
    'GET /api/users/me': () =>
      signedIn ? jsonResponse(producer) : jsonResponse({ error: 'Not signed in' }, 401),
    'POST /api/upload/image': () => jsonResponse({ key: IMAGE_KEY }),
    'POST /api/beats': () => jsonResponse({ id: BEAT_ID }),
    ...handlers,
  });
  const xhr = stubXhr();
  const onCreated = vi.fn();
  const view = renderRoutes(
    [
      { path: '/upload', element: <UploadPage onCreated={onCreated} /> },
      { path: '/beat/:beatId', element: <p>Beat page</p> },
    ],
    { initialEntry: '/upload' },
  );
  return { ...view, api, xhr, onCreated };
}

const progress = () =>
  Number(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow'));

async function fillAndSubmit(user: ReturnType<typeof setup>['user'], { cover = false } = {}) {
  await user.upload(await screen.findByLabelText('Audio file'), audioFile());
  if (cover) await user.upload(screen.getByLabelText(/Cover image/), coverFile());
  await user.type(screen.getByLabelText('Price (USD)'), '12.5');
  await user.click(screen.getByRole('button', { name: 'Upload Beat' }));
}

beforeEach(() => {
  resize.impl = null;
  resize.calls = [];
});

describe('Upload Beat', () => {
  it('shows a sign-in prompt to visitors', async () => {
    setup({}, { signedIn: false });
    expect(await screen.findByText('Sign in to upload beats')).toBeInTheDocument();
    expect(screen.queryByLabelText('Audio file')).not.toBeInTheDocument();
  });

  it('keeps submit disabled without audio, saying why', async () => {
    setup();
    const input = await screen.findByLabelText('Audio file');
    expect(input).toHaveAttribute('accept', 'audio/*');
    expect(screen.getByText('MP3, WAV, FLAC supported, max 50MB')).toBeInTheDocument();
    expect(screen.getByText('Please select an audio file')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload Beat' })).toBeDisabled();
  });

  it('prefills an empty title from the audio file name, without the extension', async () => {
    const { user } = setup();
    await user.upload(await screen.findByLabelText('Audio file'), audioFile('Night Drive.final.mp3'));
    expect(screen.getByLabelText('Title')).toHaveValue('Night Drive.final');
    expect(screen.getByRole('button', { name: 'Upload Beat' })).toBeEnabled();
    expect(screen.queryByText('Please select an audio file')).not.toBeInTheDocument();

    // A title already typed is kept.
    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'My Title');
    await user.upload(screen.getByLabelText('Audio file'), audioFile('Other.wav'));
    expect(screen.getByLabelText('Title')).toHaveValue('My Title');
  });

  it('counts the title and description as you type; a title over 120 is said, never cut, and refused', async () => {
    const { user, api } = setup();
    await user.upload(await screen.findByLabelText('Audio file'), audioFile());
    const title = screen.getByLabelText('Title');
    expect(title).not.toHaveAttribute('maxLength');
    expect(screen.getByText('11/120')).toBeInTheDocument();
    // A 172-character title, pasted: kept whole, with the reason it cannot be sent.
    const long = `${'Midnight rain over the city '.repeat(6)}lights`.slice(0, 172);
    expect(long).toHaveLength(172);
    await user.clear(title);
    await user.click(title);
    await user.paste(long);
    expect(title).toHaveValue(long);
    expect(screen.getByText('172/120')).toBeInTheDocument();
    expect(screen.getByText('Title is 52 characters too long (at most 120)')).toBeInTheDocument();
    expect(title).toHaveAttribute('aria-invalid', 'true');

    const description = screen.getByLabelText('Description');
    await user.type(description, 'Dark keys');
    expect(screen.getByText('9/2000')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Upload Beat' }));
    expect(api.calls('POST /api/beats')).toHaveLength(0);
    await user.clear(title);
    await user.type(title, 'Midnight Rain');
    expect(screen.getByText('13/120')).toBeInTheDocument();
    expect(screen.queryByText(/too long/)).not.toBeInTheDocument();
  });

  it('marks the beat free at price 0, and ticking Free sets the price to 0', async () => {
    const { user } = setup();
    const price = await screen.findByLabelText('Price (USD)');
    const free = screen.getByRole('checkbox', { name: 'Free' });
    expect(price).toHaveAttribute('min', '0');
    expect(price).toHaveAttribute('max', '100');
    expect(price).toHaveAttribute('step', '0.01');
    expect(screen.getByText('Maximum price: 100.00')).toBeInTheDocument();
    // Giving a beat away is a choice: Free starts unticked.
    expect(free).not.toBeChecked();

    await user.type(price, '19.99');
    expect(free).not.toBeChecked();
    await user.click(free);
    expect(free).toBeChecked();
    expect(price).toHaveValue(0);
    await user.click(free);
    await user.type(price, '5');
    expect(free).not.toBeChecked();
    await user.clear(price);
    await user.type(price, '0');
    expect(free).toBeChecked();
  });

  it('goes 10 → 30 → bytes → 70 → 100, sends the beat in USD cents, then opens it after 2 s', async () => {
    const cover = deferred<Blob>();
    resize.impl = () => cover.promise;
    const created = deferred<Response>();
    const { user, xhr, api, router, onCreated } = setup({ 'POST /api/beats': () => created.promise });

    await fillAndSubmit(user, { cover: true });
    // Preparing the cover.
    expect(progress()).toBe(10);
    expect(resize.calls).toEqual([{ maxSide: 800, quality: 0.8 }]);
    cover.resolve(new Blob(['jpeg'], { type: 'image/jpeg' }));

    await waitFor(() => expect(progress()).toBe(30));
    const audio = xhr.last('/api/upload/audio')!;
    expect((audio.body as FormData).get('audio')).toBeInstanceOf(File);
    expect(audio.withCredentials).toBe(true);
    audio.progress(50, 100);
    await waitFor(() => expect(progress()).toBe(49));
    audio.respond(200, { key: AUDIO_KEY });

    await waitFor(() => expect(progress()).toBe(70));
    expect((api.calls('POST /api/upload/image')[0]?.body as FormData).get('image')).toBeInstanceOf(Blob);
    created.resolve(jsonResponse({ id: BEAT_ID }));

    expect(await screen.findByText('Beat uploaded!')).toBeInTheDocument();
    expect(progress()).toBe(100);
    // The app refreshes the lists the new beat belongs in.
    expect(onCreated).toHaveBeenCalledWith(BEAT_ID);
    expect(api.calls('POST /api/beats')[0]?.body).toMatchObject({
      title: 'Night Drive',
      genre: 'Hip-Hop',
      bpm: null,
      list_price_cents: 1250,
      list_currency: 'USD',
      is_free: false,
      audio_file_key: AUDIO_KEY,
      cover_image_key: IMAGE_KEY,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/beat/${BEAT_ID}`));
  });

  it('says Failed to upload audio file in a red banner and keeps the form', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, xhr, api } = setup();
    await fillAndSubmit(user);

    await waitFor(() => expect(xhr.last('/api/upload/audio')).toBeDefined());
    xhr.last('/api/upload/audio')!.respond(400, { error: 'The file is not an MP3, WAV or FLAC audio file' });

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Failed to upload audio file');
    expect(banner).toHaveTextContent('The file is not an MP3, WAV or FLAC audio file');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload Beat' })).toBeEnabled();
    expect(screen.getByLabelText('Title')).toHaveValue('Night Drive');
    expect(api.calls('POST /api/beats')).toHaveLength(0);
  });

  it('says Failed to create beat, and a retry reuses the uploaded audio and the same idempotency key', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let attempts = 0;
    const { user, xhr, api } = setup({
      'POST /api/beats': () =>
        attempts++ === 0 ? jsonResponse({ error: 'Title is required' }, 400) : jsonResponse({ id: BEAT_ID }),
    });
    await fillAndSubmit(user);
    await waitFor(() => expect(xhr.last('/api/upload/audio')).toBeDefined());
    xhr.last('/api/upload/audio')!.respond(200, { key: AUDIO_KEY });

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create beat');

    await user.click(screen.getByRole('button', { name: 'Upload Beat' }));
    expect(await screen.findByText('Beat uploaded!')).toBeInTheDocument();
    const [first, second] = api.calls('POST /api/beats').map((call) => call.body as Record<string, unknown>);
    expect(second?.idempotency_key).toBe(first?.idempotency_key);
    expect(second?.audio_file_key).toBe(AUDIO_KEY);
    expect(xhr.all('/api/upload/audio')).toHaveLength(1);
  });

  it('shows the plan’s beat limit (403 from the server) in the red banner, and keeps the form', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const limit = 'Your plan allows 3 beats: upgrade your plan to upload more';
    const { user, xhr } = setup({ 'POST /api/beats': () => jsonResponse({ error: limit }, 403) });
    await fillAndSubmit(user);
    await waitFor(() => expect(xhr.last('/api/upload/audio')).toBeDefined());
    xhr.last('/api/upload/audio')!.respond(200, { key: AUDIO_KEY });

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Failed to create beat');
    expect(banner).toHaveTextContent(limit);
    expect(screen.getByRole('button', { name: 'Upload Beat' })).toBeEnabled();
  });

  it('tolerates a failed cover upload: the beat is created without a cover', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const toasts = vi.fn();
    window.addEventListener(TOAST_EVENT, toasts);
    const { user, xhr, api } = setup({
      'POST /api/upload/image': () =>
        jsonResponse({ error: 'Only JPEG, PNG or WebP images are accepted' }, 400),
    });
    await fillAndSubmit(user, { cover: true });
    await waitFor(() => expect(xhr.last('/api/upload/audio')).toBeDefined());
    xhr.last('/api/upload/audio')!.respond(200, { key: AUDIO_KEY });

    expect(await screen.findByText('Beat uploaded!')).toBeInTheDocument();
    expect(api.calls('POST /api/beats')[0]?.body).toMatchObject({ cover_image_key: null });
    expect(toasts).toHaveBeenCalled();
    window.removeEventListener(TOAST_EVENT, toasts);
  });

  it('sends the price as typed in the user’s currency, at most 100', async () => {
    const { user, xhr, api } = setup({
      'GET /api/user-settings': () => jsonResponse({ ...DEFAULT_USER_SETTINGS, preferredCurrency: 'EUR' }),
    });
    await user.upload(await screen.findByLabelText('Audio file'), audioFile());
    const price = await screen.findByLabelText('Price (EUR)');
    await user.type(price, '19.99');
    await user.click(screen.getByRole('button', { name: 'Upload Beat' }));
    await waitFor(() => expect(xhr.last('/api/upload/audio')).toBeDefined());
    xhr.last('/api/upload/audio')!.respond(200, { key: AUDIO_KEY });

    await screen.findByText('Beat uploaded!');
    const body = api.calls('POST /api/beats')[0]?.body;
    expect(body).toMatchObject({ list_price_cents: 1999, list_currency: 'EUR', is_free: false });
    // The server works out the USD worth: nothing converted is sent.
    expect(body).not.toHaveProperty('price_cents');
  });

  it('checks BPM before uploading anything', async () => {
    const { user, xhr } = setup();
    await user.upload(await screen.findByLabelText('Audio file'), audioFile());
    await user.type(screen.getByLabelText('BPM'), '250');
    await user.click(screen.getByRole('button', { name: 'Upload Beat' }));

    expect(screen.getByText('BPM must be a whole number between 60 and 200')).toBeInTheDocument();
    expect(xhr.last('/api/upload/audio')).toBeUndefined();
    expect(within(document.body).queryByRole('progressbar')).not.toBeInTheDocument();
  });
});

describe('Upload Beat: storage left (GET /api/uploads/quota)', () => {
  const GB = 1024 ** 3;
  const quota = (used: number, dailyLeft = 2 * GB) => ({
    quota_bytes: 5 * GB,
    used_bytes: used,
    remaining_bytes: Math.max(0, 5 * GB - used),
    daily_limit_bytes: 2 * GB,
    daily_remaining_bytes: dailyLeft,
  });

  it('shows what is left of the quota, and today’s allowance when that is smaller', async () => {
    setup({ 'GET /api/uploads/quota': () => jsonResponse(quota(0.5 * GB, 1.5 * GB)) });
    expect(
      await screen.findByText('4.5 GB of 5 GB storage left · 1.5 GB more may be uploaded today'),
    ).toBeInTheDocument();
  });

  it('says so when the storage is full, naming the quota', async () => {
    setup({ 'GET /api/uploads/quota': () => jsonResponse(quota(5 * GB)) });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your storage is full (5 GB): delete beats you no longer need to upload more',
    );
  });

  it('visitors are not asked', async () => {
    const { api } = setup({}, { signedIn: false });
    await screen.findByText('Sign in to upload beats');
    expect(api.calls('GET /api/uploads/quota')).toHaveLength(0);
  });
});
