import { emptyArrangement } from '@beatroom/shared/studio-arrangement';
import { addTake } from '@beatroom/shared/studio-arrangement-clips';
import { DEFAULT_STUDIO_SETTINGS, StudioEffectSettings } from '@beatroom/shared/studio-settings';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import type { StudioAudio } from '../studio-audio';
import { currentArrangement, useArrangementStore } from '../store/arrangement-store';
import { useStudioStore } from '../store/studio-store';
import { useTakeFilesStore } from '../store/take-files-store';
import { retryDelayMs, worthRetrying, type TakeStorage } from '../take-storage';
import { useTakeFiles } from './use-take-files';

const FILE = 'studio-take:0b7c6f1e-2a3d-4e5f-8a9b-0c1d2e3f4a5b.webm';
const effects = StudioEffectSettings.parse(DEFAULT_STUDIO_SETTINGS);
const withTake = (source: string | null) =>
  addTake(emptyArrangement(effects), {
    take: { id: 'take-1', name: 'Take 1', source, duration: 1 },
    trackId: 'track-1',
    start: 0,
  });

/** Only what the hook asks of the audio: decoding a fetched take. */
const fakeAudio = () =>
  ({
    loadTake: vi.fn(async () => ({
      samples: new Float32Array(1_200).fill(0.5),
      sampleRate: 1_200,
      durationS: 1,
    })),
  }) as unknown as StudioAudio & { loadTake: ReturnType<typeof vi.fn> };

beforeEach(() => {
  useArrangementStore.getState().reset(DEFAULT_STUDIO_SETTINGS);
  useTakeFilesStore.getState().reset();
});
afterEach(() => vi.useRealTimers());

describe('saving a take', () => {
  it('tries again after a network failure, then names the file in every undo step and auto-saves', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const save = vi
      .fn<TakeStorage['save']>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(FILE);
    const storage: TakeStorage = { save, load: vi.fn() };
    const { result } = renderHook(() => useTakeFiles({ audio: fakeAudio(), storage }));
    const before = useStudioStore.getState().revision;
    act(() => {
      result.current.keep('take-1', new Blob(['take']));
      useArrangementStore.getState().edit(() => withTake(null));
      useArrangementStore.getState().edit((a) => ({ ...a, snap: 'bar' }));
    });
    expect(useTakeFilesStore.getState().takes['take-1']).toBe('unsaved');
    expect(result.current.unsaved).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(retryDelayMs(1) + 10));
    await waitFor(() => expect(useTakeFilesStore.getState().takes['take-1']).toBe('ready'));
    expect(save).toHaveBeenCalledTimes(2);
    const { history } = useArrangementStore.getState();
    expect(history.present.takes[0]!.source).toBe(FILE);
    expect(history.past.at(-1)!.takes[0]!.source).toBe(FILE);
    expect(useStudioStore.getState().revision).toBeGreaterThan(before);
    expect(result.current.unsaved).toBe(0);
  });

  it('keeps a take the server refuses as unsaved, without trying again', async () => {
    const save = vi.fn<TakeStorage['save']>().mockRejectedValue(new ApiError(400, 'Not audio'));
    const { result } = renderHook(() =>
      useTakeFiles({ audio: fakeAudio(), storage: { save, load: vi.fn() } }),
    );
    act(() => result.current.keep('take-1', new Blob(['take'])));
    await waitFor(() => expect(useTakeFilesStore.getState().takes['take-1']).toBe('refused'));
    expect(save).toHaveBeenCalledTimes(1);
    expect(result.current.unsaved).toBe(1);
    expect(currentArrangement().takes).toEqual([]);
  });
});

describe('loading a session', () => {
  it('fetches each named take file, decodes it for the timeline and draws its waveform', async () => {
    const audio = fakeAudio();
    const blob = new Blob(['webm']);
    const load = vi.fn<TakeStorage['load']>().mockResolvedValue(blob);
    renderHook(() => useTakeFiles({ audio, storage: { save: vi.fn(), load } }));
    act(() => useArrangementStore.getState().load(withTake(FILE)));
    await waitFor(() => expect(useTakeFilesStore.getState().takes['take-1']).toBe('ready'));
    expect(load).toHaveBeenCalledWith(FILE);
    expect(audio.loadTake).toHaveBeenCalledWith('take-1', blob);
    const peaks = useArrangementStore.getState().peaks['take-1']!;
    expect(peaks.length).toBeGreaterThan(0);
    expect(peaks[0]![1]).toBeCloseTo(0.5);
  });

  it('loads a session saved before takes had files: its takes are marked as having no audio', async () => {
    const load = vi.fn<TakeStorage['load']>();
    renderHook(() => useTakeFiles({ audio: fakeAudio(), storage: { save: vi.fn(), load } }));
    act(() => useArrangementStore.getState().load(withTake(null)));
    expect(useTakeFilesStore.getState().takes['take-1']).toBe('missing');
    expect(load).not.toHaveBeenCalled();
    expect(currentArrangement().clips).toHaveLength(1);
  });

  it('marks a file that cannot be fetched as missing', async () => {
    const load = vi.fn<TakeStorage['load']>().mockRejectedValue(new ApiError(404, 'Take not found'));
    renderHook(() => useTakeFiles({ audio: fakeAudio(), storage: { save: vi.fn(), load } }));
    act(() => useArrangementStore.getState().load(withTake(FILE)));
    await waitFor(() => expect(useTakeFilesStore.getState().takes['take-1']).toBe('missing'));
  });
});

describe('retrying', () => {
  it('tries again after network and server failures only, waiting longer each time up to 30 s', () => {
    expect(worthRetrying(new TypeError('Failed to fetch'))).toBe(true);
    expect(worthRetrying(new ApiError(503, 'down'))).toBe(true);
    expect(worthRetrying(new ApiError(429, 'slow down'))).toBe(true);
    expect(worthRetrying(new ApiError(400, 'not audio'))).toBe(false);
    expect(worthRetrying(new ApiError(413, 'too large'))).toBe(false);
    expect([1, 2, 3, 10].map(retryDelayMs)).toEqual([1_000, 2_000, 4_000, 30_000]);
  });
});
