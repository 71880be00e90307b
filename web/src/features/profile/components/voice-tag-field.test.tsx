import type { Profile } from '@beatroom/shared/community-contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProfile, producer } from '../../../test/fixtures';
import { jsonResponse, stubFetch, type FetchHandler, type RecordedRequest } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { EditProfileDialog } from './edit-profile-dialog';

const SAVED_TAG = 'audio/0d0d0d0d-0d0d-4d0d-8d0d-0d0d0d0d0d0d.mp3';
const NEW_TAG = 'audio/0e0e0e0e-0e0e-4e0e-8e0e-0e0e0e0e0e0e.wav';

const tagFile = (name = 'my-tag.wav') => new File([new Uint8Array(64)], name, { type: 'audio/wav' });

function setup(profile: Partial<Profile> = {}, handlers: Record<string, FetchHandler> = {}) {
  const puts: unknown[] = [];
  const api = stubFetch({
    'POST /api/upload/audio': () => jsonResponse({ key: NEW_TAG }),
    'PUT /api/profile': (request: RecordedRequest) => {
      puts.push(request.body);
      const body = request.body as { voice_tag_key?: string | null };
      return jsonResponse(
        makeProfile(producer.id, { profile: { voice_tag_key: body.voice_tag_key ?? null } }),
      );
    },
    ...handlers,
  });
  const onOpenChange = vi.fn();
  const view = renderRoutes([
    {
      path: '/',
      element: (
        <EditProfileDialog
          profile={makeProfile(producer.id, { profile }).profile}
          open
          onOpenChange={onOpenChange}
        />
      ),
    },
  ]);
  return { ...view, api, puts, onOpenChange };
}

const field = () => screen.getByRole('group', { name: 'Voice tag' });
const input = () => screen.getByLabelText('Voice tag', { selector: 'input' });

beforeEach(() => {
  // jsdom has no object URLs; the preview only needs one to point at.
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:voice-tag-preview');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
});

describe('Voice tag on Edit Profile', () => {
  it('uploads a chosen file, lets it be heard first, and saves its key', async () => {
    const { user, api, puts, onOpenChange } = setup();
    expect(await within(field()).findByText('No voice tag')).toBeInTheDocument();
    expect(input()).toHaveAttribute('accept', expect.stringContaining('audio/mpeg'));

    await user.upload(input(), tagFile());
    expect(within(field()).getByText('my-tag.wav')).toBeInTheDocument();
    expect(within(field()).getByLabelText('Voice tag preview')).toHaveAttribute(
      'src',
      'blob:voice-tag-preview',
    );

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const [upload] = api.calls('POST /api/upload/audio');
    expect((upload?.body as FormData).get('audio')).toBeInstanceOf(File);
    expect(puts).toEqual([expect.objectContaining({ voice_tag_key: NEW_TAG })]);
  });

  it('removes a saved tag: the PUT clears voice_tag_key and nothing is uploaded', async () => {
    const { user, api, puts } = setup({ voice_tag_key: SAVED_TAG });
    expect(within(field()).getByText(/Your voice tag is set/)).toBeInTheDocument();
    expect(within(field()).getByText('Replace')).toBeInTheDocument();

    await user.click(within(field()).getByRole('button', { name: 'Remove voice tag' }));
    expect(within(field()).getByText('No voice tag')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ voice_tag_key: null });
    expect(api.calls('POST /api/upload/audio')).toHaveLength(0);
  });

  it('leaves the tag alone when it is not touched', async () => {
    const { user, puts } = setup({ voice_tag_key: SAVED_TAG });
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).not.toHaveProperty('voice_tag_key');
  });

  it('shows the server’s refusal beside the field and keeps the dialog open', async () => {
    const { user, onOpenChange } = setup(
      {},
      {
        'PUT /api/profile': () => jsonResponse({ error: 'Voice tag: at most 15 seconds of audio' }, 400),
      },
    );
    await user.upload(input(), tagFile('long-tag.wav'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await within(field()).findByText('Voice tag: at most 15 seconds of audio')).toBeInTheDocument();
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
