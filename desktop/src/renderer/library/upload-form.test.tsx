// @vitest-environment jsdom
import { GENRES } from '@beatroom/shared/catalogue-constants';
import type { EnqueueUploadRequest } from '@beatroom/shared/ipc-uploads-contract';
import { LIMITS } from '@beatroom/shared/limits';
import type { PlatformLibrary } from '@beatroom/web/platform';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UploadForm } from './upload-form';

afterEach(cleanup);

/** The library as the form uses it: native pickers that answer these files, a recorded queue. */
function fakeLibrary() {
  const picked = {
    audio: { id: 'audio-1', name: 'Night Drive.wav', size: 1024 },
    image: { id: 'image-1', name: 'cover.jpg', size: 512 },
  };
  const enqueueUpload = vi.fn(
    async (_request: EnqueueUploadRequest) => ({}) as Awaited<ReturnType<PlatformLibrary['enqueueUpload']>>,
  );
  const library = {
    pickUploadFile: vi.fn(async (kind: 'audio' | 'image') => picked[kind]),
    enqueueUpload,
  } as unknown as PlatformLibrary;
  return { library, enqueueUpload };
}

async function chooseAudio() {
  fireEvent.click(screen.getByRole('button', { name: 'Choose audio…' }));
  await screen.findByRole('button', { name: 'Night Drive.wav' });
}

const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
const checked = (name: string) => (screen.getByRole('checkbox', { name }) as HTMLInputElement).checked;
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Add to upload queue' }));

describe('desktop upload form (the web’s beat form)', () => {
  it('starts with Free unticked, as the web does, and queues a beat ticked free titled after the file', async () => {
    const { library, enqueueUpload } = fakeLibrary();
    render(<UploadForm library={library} currency="USD" />);
    expect(checked('Free')).toBe(false);
    fireEvent.click(screen.getByLabelText('Free'));
    expect(checked('Free')).toBe(true);

    await chooseAudio();
    expect(valueOf('Title')).toBe('Night Drive');
    fireEvent.click(screen.getByRole('button', { name: 'Choose cover (optional)…' }));
    await screen.findByRole('button', { name: 'cover.jpg' });
    submit();

    await waitFor(() => expect(enqueueUpload).toHaveBeenCalledTimes(1));
    expect(enqueueUpload).toHaveBeenCalledWith({
      audio: 'audio-1',
      cover: 'image-1',
      beat: {
        title: 'Night Drive',
        description: null,
        bpm: null,
        genre: GENRES[0],
        key_signature: null,
        mood: null,
        list_price_cents: 0,
        list_currency: 'USD',
        is_free: true,
        // Every licence on offer at its default price until the producer says otherwise.
        license_offers: {
          basic: { enabled: true, price_cents: null },
          premium: { enabled: true, price_cents: null },
          trackout: { enabled: true, price_cents: null },
          exclusive: { enabled: true, price_cents: null },
        },
      },
    });
    // Queued: the form is empty again for the next beat.
    await waitFor(() => expect(valueOf('Title')).toBe(''));
  });

  it.each([
    ['20', 2000],
    // The price is kept as typed in the user's currency; the server works out its USD worth.
    ['100', LIMITS.PRICE_MAX_CENTS],
  ])(
    'takes a price of %s in the user’s currency (EUR) and queues it as %i EUR cents',
    async (price, cents) => {
      const { library, enqueueUpload } = fakeLibrary();
      render(<UploadForm library={library} currency="EUR" />);
      await chooseAudio();
      fireEvent.change(screen.getByLabelText('Price (EUR)'), { target: { value: price } });
      expect(checked('Free')).toBe(false);
      submit();

      await waitFor(() => expect(enqueueUpload).toHaveBeenCalledTimes(1));
      expect(enqueueUpload.mock.calls[0]![0]).toMatchObject({
        beat: { list_price_cents: cents, list_currency: 'EUR', is_free: false },
      });
    },
  );

  it('shows what the server would refuse and queues nothing', async () => {
    const { library, enqueueUpload } = fakeLibrary();
    render(<UploadForm library={library} currency="USD" />);
    await chooseAudio();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: '   ' } });
    fireEvent.change(screen.getByLabelText('BPM'), { target: { value: '900' } });
    submit();

    expect(await screen.findByText(/^Title /)).toBeTruthy();
    expect(screen.getByText(/^BPM /)).toBeTruthy();
    expect(enqueueUpload).not.toHaveBeenCalled();
  });
});
