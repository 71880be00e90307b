import type { StudioBeat, StudioSession } from '@beatroom/shared/studio-sessions-contract';
import { DEFAULT_STUDIO_SETTINGS } from '@beatroom/shared/studio-settings';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createBrowserPlatform,
  PlatformProvider,
  type Platform,
  type PlatformLibrary,
  type PlatformTakeDrafts,
  type TakeDraft,
} from '../../../lib/platform';
import { TOAST_EVENT, type ToastDetail } from '../../../lib/toast';
import { jsonResponse, stubFetch, type FetchHandler } from '../../../test/mock-fetch';
import { stubXhr } from '../../../test/fake-xhr';
import { renderRoutes } from '../../../test/render';
import type { CalibrationRecorder, StudioAudio, TakeStart } from '../studio-audio';
import { STUDIO_ALERTS } from '../studio-alerts';
import { effectsOf } from '../timeline/track-effects';
import { StudioPage } from './studio-page';

// The studio page in jsdom. jsdom has no Web Audio, so the page's audio is a fake at its own
// adapter (StudioAudio) — the real engine is tested by the engine's tests. The microphone and
// MediaRecorder are browser APIs, faked at that boundary; the API is faked at fetch / XHR.

const BEAT_ID = '33333333-3333-4333-8333-333333333333';
const beat: StudioBeat = {
  id: BEAT_ID,
  title: 'Night Drive',
  bpm: 90,
  key_signature: 'A minor',
  cover_image_key: null,
  audio_source: 'preview',
  audio_url: `/api/studio/beats/${BEAT_ID}/audio`,
};

function makeSession(overrides: Partial<StudioSession> = {}): StudioSession {
  return {
    id: '44444444-4444-4444-8444-444444444444',
    beat_id: BEAT_ID,
    session_name: 'Verse ideas',
    session_data: { ...DEFAULT_STUDIO_SETTINGS, reverbAmount: 64 },
    is_public: false,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** The page's audio in jsdom: records what the page asks of it. */
class FakeStudioAudio implements StudioAudio {
  settings = DEFAULT_STUDIO_SETTINGS;
  startTakeFails = false;
  taken: Blob | null = null;
  disposed = false;
  takeStarts: TakeStart[] = [];
  playing = false;
  private endedListeners = new Set<() => void>();
  loadBeat = vi.fn(async () => undefined);
  setSettings(settings: typeof DEFAULT_STUDIO_SETTINGS) {
    this.settings = settings;
  }
  playBeat() {
    this.playing = true;
  }
  pauseBeat() {
    this.playing = false;
  }
  beatPlaying() {
    return this.playing;
  }
  onBeatEnded(listener: () => void) {
    this.endedListeners.add(listener);
    return () => this.endedListeners.delete(listener);
  }
  attachInput = vi.fn();
  async startTake(options: TakeStart) {
    this.takeStarts.push(options);
    if (this.startTakeFails) throw new Error('AudioContext could not start');
    for (let beatNumber = 1; beatNumber <= options.countInBars * 4; beatNumber += 1) {
      options.onCountInBeat(beatNumber);
    }
  }
  takeStarted = vi.fn();
  stopTake = vi.fn();
  async setTake(take: Blob) {
    this.taken = take;
  }
  playTake = vi.fn();
  pauseTake = vi.fn();
  clearTake() {
    this.taken = null;
  }
  levels() {
    return { input: 0.5, output: 0.9 };
  }
  inputWaveform(points: number) {
    return new Float32Array(points);
  }
  mixdown = vi.fn(async () => new Blob(['RIFF'], { type: 'audio/wav' }));
  beatDuration() {
    return 30;
  }
  position() {
    return null;
  }
  /** A recorded take: 4 s, its first sample half a second into the beat. */
  lastTake() {
    return this.taken
      ? { offsetS: 0.5, durationS: 4, samples: new Float32Array(4_800), sampleRate: 1_200 }
      : null;
  }
  keepTake = vi.fn();
  /** A take's file fetched back: half a second of silence. */
  loadTake = vi.fn(async () => ({ samples: new Float32Array(600), sampleRate: 1_200, durationS: 0.5 }));
  playArrangement = vi.fn(async () => undefined);
  stopArrangement = vi.fn();
  exportArrangement = vi.fn(async () => new Blob(['RIFF'], { type: 'audio/wav' }));
  calibrationHeard = true;
  calibrationRecording: Blob | null = null;
  async calibrate(record: CalibrationRecorder) {
    this.calibrationRecording = await record(() => undefined, 0.2);
    return this.calibrationHeard ? 0.0234 : null;
  }
  dispose() {
    this.disposed = true;
  }
}

/** A microphone track: the test checks it is stopped. */
function fakeStream() {
  const track = { kind: 'audio', stop: vi.fn(), getSettings: () => ({}) };
  const stream = {
    getTracks: () => [track],
    getAudioTracks: () => [track],
  } as unknown as MediaStream;
  return { stream, track };
}

/** MediaRecorder at the browser boundary: starts, hands over one chunk and stops on demand. */
class FakeMediaRecorder extends EventTarget {
  static instances: FakeMediaRecorder[] = [];
  static isTypeSupported = () => true;
  state: RecordingState = 'inactive';
  timeslice: number | undefined;
  constructor(
    readonly stream: MediaStream,
    readonly options?: MediaRecorderOptions,
  ) {
    super();
    FakeMediaRecorder.instances.push(this);
  }
  get mimeType() {
    return this.options?.mimeType ?? '';
  }
  start(timeslice?: number) {
    this.timeslice = timeslice;
    this.state = 'recording';
    this.dispatchEvent(new Event('start'));
  }
  stop() {
    this.state = 'inactive';
    const data = Object.assign(new Event('dataavailable'), {
      data: new Blob(['take-bytes'], { type: 'audio/webm' }),
    });
    this.dispatchEvent(data);
    this.dispatchEvent(new Event('stop'));
  }
}

interface SetupOptions {
  handlers?: Record<string, FetchHandler>;
  microphone?: 'allowed' | 'denied';
  sessions?: StudioSession[];
  /** The desktop app's platform (its library's take queue); the browser's when absent. */
  platform?: Platform;
}

function setup({ handlers = {}, microphone = 'allowed', sessions = [], platform }: SetupOptions = {}) {
  const audio = new FakeStudioAudio();
  const mic = fakeStream();
  const getUserMedia = vi.fn(async () => {
    if (microphone === 'denied') throw new DOMException('Permission denied', 'NotAllowedError');
    return mic.stream;
  });
  vi.stubGlobal('navigator', {
    ...navigator,
    mediaDevices: { getUserMedia, enumerateDevices: async () => [] },
  });
  FakeMediaRecorder.instances = [];
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  const api = stubFetch({
    [`GET /api/studio/beats/${BEAT_ID}`]: () => jsonResponse(beat),
    'GET /api/studio/sessions': () => jsonResponse({ sessions }),
    // Each take on the timeline is kept as a file as soon as it is recorded.
    'POST /api/studio/takes': () => jsonResponse({ id: `${crypto.randomUUID()}.webm`, size: 10 }, 201),
    ...handlers,
  });
  const toasts: ToastDetail[] = [];
  const onToast = (event: Event) => toasts.push((event as CustomEvent<ToastDetail>).detail);
  window.addEventListener(TOAST_EVENT, onToast);
  const stopToasts = () => window.removeEventListener(TOAST_EVENT, onToast);
  cleanups.push(stopToasts);
  const view = renderRoutes(
    [
      {
        path: '/studio/:beatId',
        element: platform ? (
          <PlatformProvider platform={platform}>
            <StudioPage createAudio={() => audio} />
          </PlatformProvider>
        ) : (
          <StudioPage createAudio={() => audio} />
        ),
      },
      { path: '/beat/:beatId', element: <p>Beat page</p> },
      { path: '/', element: <p>Home</p> },
    ],
    { initialEntry: `/studio/${BEAT_ID}` },
  );
  const toastTitles = () => toasts.map((toast) => toast.title);
  return { ...view, api, audio, mic, getUserMedia, toasts, toastTitles, stopToasts };
}

beforeEach(() => {
  // jsdom draws nothing: the waveform's canvas has no context there.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

const cleanups: (() => void)[] = [];
afterEach(() => {
  vi.useRealTimers();
  cleanups.splice(0).forEach((cleanup) => cleanup());
});

// The first render of the whole page is slow on a busy 2-core machine: a slow pass is no failure.
const FIRST_RENDER = { timeout: 30_000 };

async function studioReady() {
  expect(
    await screen.findByRole('heading', { name: 'Studio Pro', level: 1 }, FIRST_RENDER),
  ).toBeInTheDocument();
  await screen.findByRole('heading', { name: 'Recording Console' }, FIRST_RENDER);
}

async function recordTake(view: ReturnType<typeof setup>) {
  await studioReady();
  await waitFor(() => expect(view.audio.attachInput).toHaveBeenCalled());
  await view.user.click(screen.getByRole('button', { name: 'Start Recording' }));
  await screen.findByRole('button', { name: 'Stop Recording' });
  await view.user.click(screen.getByRole('button', { name: 'Stop Recording' }));
  await screen.findByRole('button', { name: 'Play Back' });
}

describe('StudioPage', () => {
  it('shows every panel of the studio for the beat', async () => {
    const view = setup();
    await studioReady();
    for (const panel of [
      'Recording Console',
      'Beat',
      'Visualisation',
      'Microphone',
      'Presets',
      'Effects',
      'EQ & Mix',
      'Sessions',
      'Pro Studio Tips',
    ]) {
      expect(screen.getByRole('heading', { name: panel })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Night Drive' })).toHaveAttribute('href', `/beat/${BEAT_ID}`);
    expect(screen.getByRole('slider', { name: 'Beat Volume' })).toHaveValue('70');
    expect(screen.getByRole('slider', { name: 'Mic Gain' })).toHaveAttribute('max', '200');
    expect(screen.getByRole('slider', { name: 'Low (320 Hz)' })).toHaveAttribute('aria-valuetext', '0 dB');
    expect(screen.getByRole('combobox', { name: 'Count-in bars' })).toHaveValue('2');
    await waitFor(() => expect(view.audio.loadBeat).toHaveBeenCalledWith(beat.audio_url));
    // The level meters read the audio every 50 ms, in the meter's documented colours.
    expect(await screen.findByRole('meter', { name: 'Input level' })).toHaveAttribute('data-colour', 'green');
    await waitFor(() =>
      expect(screen.getByRole('meter', { name: 'Output level' })).toHaveAttribute('data-colour', 'red'),
    );
    // The advanced effects open on demand; the visualisation toggles hide what they name.
    expect(screen.queryByRole('slider', { name: 'Distortion' })).not.toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Advanced' }));
    expect(screen.getByRole('slider', { name: 'Distortion' })).toHaveAttribute('max', '50');
    await view.user.click(screen.getByRole('switch', { name: 'Level Meters' }));
    expect(screen.queryByRole('meter', { name: 'Input level' })).not.toBeInTheDocument();
    await view.user.click(screen.getByRole('switch', { name: 'Waveform' }));
    expect(screen.queryByRole('img', { name: 'Live input waveform' })).not.toBeInTheDocument();
  });

  it("shows 'Beat not found' with Go Home for a missing beat", async () => {
    setup({
      handlers: {
        [`GET /api/studio/beats/${BEAT_ID}`]: () => jsonResponse({ error: 'Beat not found' }, 404),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Beat not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  });

  it('goes home when the beat fails to load for another reason', async () => {
    setup({
      handlers: { [`GET /api/studio/beats/${BEAT_ID}`]: () => jsonResponse({ error: 'Boom' }, 500) },
    });
    expect(await screen.findByText('Home')).toBeInTheDocument();
  });

  it('says the microphone is blocked, and that the studio is not ready when starting anyway', async () => {
    const view = setup({ microphone: 'denied' });
    await studioReady();
    await waitFor(() => expect(view.toastTitles()).toContain(STUDIO_ALERTS.microphone));
    expect(STUDIO_ALERTS.microphone).toBe('Unable to access microphone. Please check your permissions.');
    await view.user.click(screen.getByRole('button', { name: 'Start Recording' }));
    expect(view.toastTitles()).toContain('Studio not properly initialized. Please try again.');
  });

  it("says 'Failed to start recording. Please try again.' when the audio cannot start", async () => {
    const view = setup();
    view.audio.startTakeFails = true;
    await studioReady();
    await waitFor(() => expect(view.audio.attachInput).toHaveBeenCalled());
    await view.user.click(screen.getByRole('button', { name: 'Start Recording' }));
    await waitFor(() => expect(view.toastTitles()).toContain('Failed to start recording. Please try again.'));
    expect(screen.getByRole('button', { name: 'Start Recording' })).toBeEnabled();
  });

  it('counts in, records webm/opus in 100 ms chunks, then plays back, resets and records again', async () => {
    const view = setup();
    await studioReady();
    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Count-in bars' }), '3');
    await view.user.click(screen.getByRole('switch', { name: 'Metronome' }));
    await recordTake(view);

    expect(view.audio.takeStarts[0]).toMatchObject({ countInBars: 3, bpm: 90, metronome: true });
    const recorder = FakeMediaRecorder.instances[0]!;
    expect(recorder.options?.mimeType).toBe('audio/webm;codecs=opus');
    expect(recorder.timeslice).toBe(100);
    expect(view.audio.takeStarted).toHaveBeenCalledTimes(1);
    expect(await view.audio.taken?.text()).toBe('take-bytes');

    await view.user.click(screen.getByRole('button', { name: 'Play Back' }));
    expect(view.audio.playTake).toHaveBeenCalledTimes(1);
    await view.user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(view.audio.pauseTake).toHaveBeenCalledTimes(1);
    await view.user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.queryByRole('button', { name: 'Play Back' })).not.toBeInTheDocument();
    expect(view.audio.taken).toBeNull();

    // Count-in off: the take starts at once.
    await view.user.click(screen.getByRole('switch', { name: 'Count-in' }));
    await view.user.click(screen.getByRole('button', { name: 'Start Recording' }));
    await screen.findByRole('button', { name: 'Stop Recording' });
    expect(view.audio.takeStarts[1]).toMatchObject({ countInBars: 0 });
  });

  it('ticks the timer each second while recording', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const view = setup();
    await studioReady();
    await waitFor(() => expect(view.audio.attachInput).toHaveBeenCalled());
    fireEvent.click(screen.getByRole('button', { name: 'Start Recording' }));
    await screen.findByRole('button', { name: 'Stop Recording' });
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.getByRole('timer', { name: 'Recording time' })).toHaveTextContent('0:03');
  });

  it('saves the take: default name, name required, public toggle, progress, then the beat page', async () => {
    const view = setup();
    const xhr = stubXhr();
    await recordTake(view);
    await view.user.click(screen.getByRole('button', { name: 'Save Recording' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save Recording' });
    const name = within(dialog).getByRole('textbox', { name: 'Recording name' });
    expect(name).toHaveValue('Night Drive - Vocal Cover');

    await view.user.clear(name);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a name for your recording.');
    expect(within(dialog).getByRole('button', { name: 'Save Recording' })).toBeDisabled();

    await view.user.type(name, 'My cover');
    await view.user.click(within(dialog).getByRole('switch', { name: 'Make recording public' }));
    await view.user.click(within(dialog).getByRole('button', { name: 'Save Recording' }));
    expect(within(dialog).getByRole('progressbar', { name: 'Saving recording' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Saving...' })).toBeDisabled();

    const request = xhr.last('/api/recordings/upload')!;
    const form = request.body as FormData;
    expect(form.get('beat_id')).toBe(BEAT_ID);
    expect(form.get('recording_name')).toBe('My cover');
    expect(form.get('is_public')).toBe('true');
    expect(await (form.get('recording') as Blob).text()).toBe('take-bytes');

    request.respond(500, { error: 'Storage is down' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to save recording. Please try again.',
    );

    await view.user.click(within(dialog).getByRole('button', { name: 'Save Recording' }));
    await waitFor(() => expect(xhr.all('/api/recordings/upload')).toHaveLength(2));
    xhr.last('/api/recordings/upload')!.respond(201, {
      id: '55555555-5555-4555-8555-555555555555',
      recording_name: 'My cover',
      file_key: 'recordings/55555555-5555-4555-8555-555555555555.webm',
      file_size: 10,
      format: 'webm',
      is_public: true,
      created_at: '2026-11-26T21:00:00.000Z',
      beat_id: BEAT_ID,
      beat_title: 'Night Drive',
      beat_cover: null,
      duration_seconds: 3,
      peaks: [],
      play_count: 0,
      audio_url: '/api/recordings/55555555-5555-4555-8555-555555555555/audio',
    });
    expect(await screen.findByText('Beat page')).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe(`/beat/${BEAT_ID}`);
    expect(view.toastTitles()).toContain('Recording saved successfully!');
  });

  it('keeps a desktop take in the local library queue instead of uploading it over HTTP', async () => {
    const enqueueTake = vi.fn<NonNullable<PlatformLibrary['enqueueTake']>>(async (request) => ({
      id: 'take-1',
      beatId: request.beatId,
      recordingName: request.recordingName,
      isPublic: request.isPublic,
      state: 'queued',
      progress: 0,
      attempts: 0,
      error: null,
      nextAttemptAt: null,
      recordingId: null,
      size: request.audio.byteLength,
      createdAt: '2026-11-26T21:00:00.000Z',
    }));
    const browser = createBrowserPlatform();
    const platform: Platform = {
      ...browser,
      library: { enqueueTake } as unknown as PlatformLibrary,
    };
    const view = setup({ platform });
    const xhr = stubXhr();
    await recordTake(view);
    await view.user.click(screen.getByRole('button', { name: 'Save Recording' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save Recording' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Save Recording' }));

    expect(await screen.findByText('Beat page')).toBeInTheDocument();
    expect(enqueueTake).toHaveBeenCalledTimes(1);
    const request = enqueueTake.mock.calls[0]![0];
    expect(request).toMatchObject({
      beatId: BEAT_ID,
      recordingName: 'Night Drive - Vocal Cover',
      isPublic: false,
      format: 'webm',
    });
    expect(new TextDecoder().decode(request.audio)).toBe('take-bytes');
    expect(xhr.all('/api/recordings/upload')).toHaveLength(0);
    expect(view.toastTitles()).toContain('Recording saved successfully!');
  });

  it('downloads the mixdown as WAV', async () => {
    const view = setup();
    const createObjectURL = vi.fn(() => 'blob:mix');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await recordTake(view);
    await view.user.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    expect(view.audio.mixdown).toHaveBeenCalledTimes(1);
    const [blob] = createObjectURL.mock.calls[0] as unknown as [Blob];
    expect(blob.type).toBe('audio/wav');
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe('Night Drive - Vocal Cover.wav');
  });

  it('puts each take on the armed track of the timeline, stacked as lanes, with undo', async () => {
    const view = setup();
    await recordTake(view);
    const timeline = screen.getByRole('region', { name: 'Timeline' });
    const track = within(timeline).getByRole('group', { name: 'Track 1' });
    // The take's first sample sits where the audio aligned it (0.5 s into the beat).
    await waitFor(() =>
      expect(within(track).getByRole('button', { name: 'Take 1' })).toHaveAccessibleDescription(
        'Lane 1, 0:00 to 0:04',
      ),
    );
    expect(view.audio.keepTake).toHaveBeenCalledWith('take-1');
    await view.user.click(screen.getByRole('button', { name: 'Start Recording' }));
    await view.user.click(await screen.findByRole('button', { name: 'Stop Recording' }));
    const second = await within(track).findByRole('button', { name: 'Take 2' });
    expect(second).toHaveAccessibleDescription(/^Lane 2/);
    // Recording starts from the beat's start (no loop, no punch markers).
    expect(view.audio.takeStarts.at(-1)).toMatchObject({ from: 0, loop: null });
    await view.user.click(within(timeline).getByRole('button', { name: 'Undo' }));
    expect(within(track).queryByRole('button', { name: 'Take 2' })).not.toBeInTheDocument();
  });

  it('records over the loop: the beat loops from its start and each pass lands on a lane', async () => {
    const view = setup();
    await studioReady();
    await waitFor(() => expect(view.audio.attachInput).toHaveBeenCalled());
    await view.user.click(screen.getByRole('button', { name: 'Loop' }));
    await view.user.click(screen.getByRole('button', { name: 'Start Recording' }));
    await view.user.click(await screen.findByRole('button', { name: 'Stop Recording' }));
    // 90 BPM: the loop is 4 bars (10.67 s) from 0; the fake take is 4 s, so one pass.
    expect(view.audio.takeStarts[0]).toMatchObject({ from: 0, loop: { start: 0, end: (4 * 4 * 60) / 90 } });
    expect(await screen.findByRole('button', { name: 'Take 1' })).toHaveAccessibleDescription(/^Lane 1/);
  });

  it('exports the timeline as WAV or MP3 and downloads it', async () => {
    const view = setup();
    const createObjectURL = vi.fn(() => 'blob:mix');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await recordTake(view);
    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Export format' }), 'mp3');
    await view.user.click(screen.getByRole('button', { name: 'Export' }));
    await view.user.click(await screen.findByRole('button', { name: 'Download export' }));
    expect(view.audio.exportArrangement).toHaveBeenCalledWith(
      expect.objectContaining({ version: 1 }),
      'mp3',
      expect.any(Function),
    );
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe('Night Drive - Vocal Cover.mp3');
    // Only a WAV is saved as a cover (recordings are WebM or WAV).
    expect(screen.queryByRole('button', { name: 'Save as cover' })).not.toBeInTheDocument();
  });

  it('saves a session (name required), shows Auto-saving, and saves a change 2 s later', async () => {
    const saved = makeSession({ session_name: 'Take one', session_data: DEFAULT_STUDIO_SETTINGS });
    const view = setup({
      handlers: {
        'POST /api/studio/sessions': () => jsonResponse(saved, 201),
        [`PUT /api/studio/sessions/${saved.id}`]: ({ body }) =>
          jsonResponse({ ...saved, session_data: (body as { session_data: unknown }).session_data }),
      },
    });
    await studioReady();
    await view.user.click(screen.getByRole('button', { name: 'Save Session' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save Session' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Save Session' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a session name.');
    expect(view.api.calls('POST /api/studio/sessions')).toHaveLength(0);

    await view.user.type(within(dialog).getByRole('textbox', { name: 'Session name' }), 'Take one');
    await view.user.click(within(dialog).getByRole('button', { name: 'Save Session' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(view.api.calls('POST /api/studio/sessions')[0]?.body).toEqual({
      beat_id: BEAT_ID,
      session_name: 'Take one',
      session_data: {
        ...DEFAULT_STUDIO_SETTINGS,
        recordingName: 'Night Drive - Vocal Cover',
        // The timeline goes with the settings (an empty one: nothing recorded yet).
        arrangement: expect.objectContaining({ version: 1, clips: [], takes: [] }),
      },
      is_public: false,
    });
    expect(view.toastTitles()).toContain('Session saved successfully!');
    expect(screen.getByText('Auto-saving')).toBeInTheDocument();

    // Fake time from here on (no waitFor below: it would wait on the fake clock).
    vi.useFakeTimers();
    const puts = () => view.api.calls(`PUT /api/studio/sessions/${saved.id}`);
    fireEvent.change(screen.getByRole('slider', { name: 'Reverb' }), { target: { value: '77' } });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    // A second change restarts the wait.
    fireEvent.change(screen.getByRole('slider', { name: 'Compression' }), { target: { value: '61' } });
    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(puts()).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(puts()).toHaveLength(1);
    expect(puts()[0]?.body).toMatchObject({ session_data: { reverbAmount: 77, compression: 61 } });
    // The audio follows every change.
    expect(view.audio.settings).toMatchObject({ reverbAmount: 77, compression: 61 });
  });

  it('does not auto-save without a current session', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const view = setup();
    await studioReady();
    fireEvent.change(screen.getByRole('slider', { name: 'Reverb' }), { target: { value: '70' } });
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(view.api.requests.filter((request) => request.method === 'PUT')).toHaveLength(0);
    expect(screen.queryByText('Auto-saving')).not.toBeInTheDocument();
  });

  it("says 'Failed to save session. Please try again.' when the server refuses", async () => {
    const view = setup({
      handlers: { 'POST /api/studio/sessions': () => jsonResponse({ error: 'Boom' }, 500) },
    });
    await studioReady();
    await view.user.click(screen.getByRole('button', { name: 'Save Session' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save Session' });
    await view.user.type(within(dialog).getByRole('textbox', { name: 'Session name' }), 'Nope');
    await view.user.click(within(dialog).getByRole('button', { name: 'Save Session' }));
    await waitFor(() => expect(view.toastTitles()).toContain('Failed to save session. Please try again.'));
    expect(screen.getByRole('dialog', { name: 'Save Session' })).toBeInTheDocument();
    expect(screen.queryByText('Auto-saving')).not.toBeInTheDocument();
  });

  it('loads a session: its settings, the success alert, and it becomes current', async () => {
    const session = makeSession();
    const broken = makeSession({ id: '66666666-6666-4666-8666-666666666666', session_name: 'Broken' });
    const view = setup({
      sessions: [session, broken],
      handlers: {
        [`GET /api/studio/sessions/${session.id}`]: () => jsonResponse(session),
        [`GET /api/studio/sessions/${broken.id}`]: () => jsonResponse({ error: 'Boom' }, 500),
      },
    });
    await studioReady();
    const list = await screen.findByRole('list', { name: 'Saved sessions' });
    await view.user.click(within(list).getByRole('button', { name: 'Load Broken' }));
    await waitFor(() => expect(view.toastTitles()).toContain('Failed to load session. Please try again.'));
    expect(screen.queryByText('Auto-saving')).not.toBeInTheDocument();

    await view.user.click(within(list).getByRole('button', { name: 'Load Verse ideas' }));
    await waitFor(() => expect(view.toastTitles()).toContain('Session "Verse ideas" loaded successfully!'));
    expect(screen.getByRole('slider', { name: 'Reverb' })).toHaveValue('64');
    expect(screen.getByText('Auto-saving')).toBeInTheDocument();
    expect(view.audio.settings.reverbAmount).toBe(64);
  });

  it("loads a session's timeline; an older session without one gets an empty timeline", async () => {
    const arrangement = {
      version: 1 as const,
      tracks: [
        {
          id: 'track-1',
          name: 'Lead',
          volume: 1,
          pan: 0,
          mute: false,
          solo: false,
          arm: true,
          effects: effectsOf(DEFAULT_STUDIO_SETTINGS),
          comp: [],
        },
      ],
      takes: [{ id: 'take-1', name: 'Take 1', source: null, duration: 4 }],
      clips: [
        {
          id: 'clip-1',
          takeId: 'take-1',
          trackId: 'track-1',
          lane: 0,
          start: 2,
          offset: 0,
          duration: 4,
          fadeIn: 0,
          fadeOut: 0,
        },
      ],
      selectedTrackId: 'track-1',
      snap: 'beat' as const,
      loop: null,
      punch: null,
    };
    const withTimeline = makeSession({ session_data: { ...DEFAULT_STUDIO_SETTINGS, arrangement } });
    const old = makeSession({ id: '77777777-7777-4777-8777-777777777777', session_name: 'Old' });
    const view = setup({
      sessions: [withTimeline, old],
      handlers: {
        [`GET /api/studio/sessions/${withTimeline.id}`]: () => jsonResponse(withTimeline),
        [`GET /api/studio/sessions/${old.id}`]: () => jsonResponse(old),
      },
    });
    await studioReady();
    const list = await screen.findByRole('list', { name: 'Saved sessions' });
    await view.user.click(within(list).getByRole('button', { name: 'Load Verse ideas' }));
    const lead = await screen.findByRole('group', { name: 'Lead' });
    expect(within(lead).getByRole('button', { name: 'Take 1' })).toHaveAccessibleDescription(
      'Lane 1, 0:02 to 0:06',
    );
    await view.user.click(within(list).getByRole('button', { name: 'Load Old' }));
    const fresh = await screen.findByRole('group', { name: 'Track 1' });
    expect(within(fresh).queryByRole('button', { name: 'Take 1' })).not.toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Reverb' })).toHaveValue('64');
  });

  it('deletes a session after the confirmation, clearing it when current', async () => {
    const session = makeSession();
    let sessions = [session];
    let failDelete = true;
    const view = setup({
      handlers: {
        'GET /api/studio/sessions': () => jsonResponse({ sessions }),
        [`GET /api/studio/sessions/${session.id}`]: () => jsonResponse(session),
        [`DELETE /api/studio/sessions/${session.id}`]: () => {
          if (failDelete) return jsonResponse({ error: 'Boom' }, 500);
          sessions = [];
          return new Response(null, { status: 204 });
        },
      },
    });
    await studioReady();
    const list = await screen.findByRole('list', { name: 'Saved sessions' });
    await view.user.click(within(list).getByRole('button', { name: 'Load Verse ideas' }));
    await screen.findByText('Auto-saving');

    await view.user.click(within(list).getByRole('button', { name: 'Delete Verse ideas' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete this session? This action cannot be undone.',
    );
    await view.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(view.toastTitles()).toContain('Failed to delete session. Please try again.'));
    expect(screen.getByText('Auto-saving')).toBeInTheDocument();

    failDelete = false;
    dialog = screen.getByRole('dialog');
    await view.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(view.toastTitles()).toContain('Session deleted successfully!'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Auto-saving')).not.toBeInTheDocument();
    expect(await screen.findByText(/No saved sessions for this beat yet/)).toBeInTheDocument();
  });

  it('calibrates the latency with a recorded click, and says when it was not heard', async () => {
    const view = setup();
    await studioReady();
    const panel = screen.getByRole('region', { name: 'Microphone' });
    const calibrate = within(panel).getByRole('button', { name: 'Calibrate' });
    await waitFor(() => expect(calibrate).toBeEnabled());
    await view.user.click(calibrate);
    expect(
      await within(panel).findByText('Measured round trip: 23 ms. Takes are aligned with it.'),
    ).toBeInTheDocument();
    expect(await view.audio.calibrationRecording?.text()).toBe('take-bytes');
    expect(FakeMediaRecorder.instances[0]?.state).toBe('inactive');

    view.audio.calibrationHeard = false;
    await view.user.click(within(panel).getByRole('button', { name: 'Calibrate' }));
    expect(await within(panel).findByText(/The click was not heard/)).toBeInTheDocument();
  });

  it('applies a preset to every effect', async () => {
    const view = setup();
    await studioReady();
    await view.user.click(screen.getByRole('button', { name: /^Dreamy/ }));
    expect(screen.getByRole('button', { name: /^Dreamy/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('slider', { name: 'Reverb' })).not.toHaveValue(
      String(DEFAULT_STUDIO_SETTINGS.reverbAmount),
    );
  });

  it('stops the microphone, the recorder and the audio when the page is left mid-take', async () => {
    const view = setup();
    await studioReady();
    await waitFor(() => expect(view.audio.attachInput).toHaveBeenCalled());
    await view.user.click(screen.getByRole('button', { name: 'Start Recording' }));
    await screen.findByRole('button', { name: 'Stop Recording' });
    const recorder = FakeMediaRecorder.instances[0]!;
    expect(recorder.state).toBe('recording');

    view.unmount();
    expect(view.mic.track.stop).toHaveBeenCalled();
    expect(recorder.state).toBe('inactive');
    expect(view.audio.disposed).toBe(true);
  });
});

/** The platform's unsaved-take store in memory (the web's is IndexedDB, which jsdom lacks). */
function memoryDrafts(initial: TakeDraft[] = []) {
  const kept = new Map(initial.map((draft) => [draft.beatId, draft]));
  const drafts: PlatformTakeDrafts = {
    keep: vi.fn(async (draft: TakeDraft) => void kept.set(draft.beatId, draft)),
    find: vi.fn(async (beatId: string) => kept.get(beatId) ?? null),
    discard: vi.fn(async (beatId: string) => void kept.delete(beatId)),
  };
  return { drafts, kept, platform: { ...createBrowserPlatform(), takeDrafts: drafts } as Platform };
}

describe('StudioPage: an unsaved take is kept', () => {
  it('keeps a new take on the device; leaving by a link asks: Stay stays, Leave goes and the take stays kept', async () => {
    const store = memoryDrafts();
    const view = setup({ platform: store.platform });
    await recordTake(view);
    await waitFor(() => expect(store.kept.get(BEAT_ID)?.recordingName).toBe('Night Drive - Vocal Cover'));
    expect(await store.kept.get(BEAT_ID)?.audio.text()).toBe('take-bytes');

    await view.user.click(screen.getByRole('link', { name: 'Night Drive' }));
    const ask = await screen.findByRole('dialog', { name: 'Leave the studio?' });
    expect(ask).toHaveTextContent('Your take is not saved.');
    await view.user.click(within(ask).getByRole('button', { name: 'Stay' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Leave the studio?' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Play Back' })).toBeInTheDocument();

    await view.user.click(screen.getByRole('link', { name: 'Night Drive' }));
    const again = await screen.findByRole('dialog', { name: 'Leave the studio?' });
    await view.user.click(within(again).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('Beat page')).toBeInTheDocument();
    expect(store.kept.has(BEAT_ID)).toBe(true);
  });

  it('asks the browser before the tab closes or reloads, only while a take is unsaved', async () => {
    const store = memoryDrafts();
    const view = setup({ platform: store.platform });
    await studioReady();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await recordTake(view);
    expect(unload()).toBe(true);
    await view.user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(unload()).toBe(false);
    // Reset clears the take, and its kept copy with it.
    await waitFor(() => expect(store.drafts.discard).toHaveBeenCalledWith(BEAT_ID));
    expect(store.kept.has(BEAT_ID)).toBe(false);
  });

  it('"Discard take" in the question drops the kept take and leaves', async () => {
    const store = memoryDrafts();
    const view = setup({ platform: store.platform });
    await recordTake(view);
    await waitFor(() => expect(store.kept.has(BEAT_ID)).toBe(true));
    await view.user.click(screen.getByRole('link', { name: 'Night Drive' }));
    const ask = await screen.findByRole('dialog', { name: 'Leave the studio?' });
    await view.user.click(within(ask).getByRole('button', { name: 'Discard take' }));
    expect(await screen.findByText('Beat page')).toBeInTheDocument();
    expect(store.kept.has(BEAT_ID)).toBe(false);
  });

  it('offers a kept take when the studio opens: Restore makes it the take, with its name', async () => {
    const store = memoryDrafts([
      {
        beatId: BEAT_ID,
        recordingName: 'Late verse',
        audio: new Blob(['kept-bytes'], { type: 'audio/webm' }),
        recordedAt: new Date().toISOString(),
      },
    ]);
    const view = setup({ platform: store.platform });
    await studioReady();
    const banner = await screen.findByRole('region', { name: 'Unsaved take' });
    expect(banner).toHaveTextContent('You have an unsaved take');
    expect(banner).toHaveTextContent('Late verse');
    const restore = within(banner).getByRole('button', { name: 'Restore take' });
    await waitFor(() => expect(restore).toBeEnabled());
    await view.user.click(restore);
    expect(await screen.findByRole('button', { name: 'Play Back' })).toBeInTheDocument();
    expect(await view.audio.taken?.text()).toBe('kept-bytes');
    expect(screen.queryByRole('region', { name: 'Unsaved take' })).not.toBeInTheDocument();
    // Still unsaved: leaving asks.
    await view.user.click(screen.getByRole('link', { name: 'Night Drive' }));
    expect(await screen.findByRole('dialog', { name: 'Leave the studio?' })).toBeInTheDocument();
  });

  it('Discard on the offer drops the kept take', async () => {
    const store = memoryDrafts([
      { beatId: BEAT_ID, recordingName: 'Old', audio: new Blob(['x']), recordedAt: new Date().toISOString() },
    ]);
    const view = setup({ platform: store.platform });
    const banner = await screen.findByRole('region', { name: 'Unsaved take' }, FIRST_RENDER);
    await view.user.click(within(banner).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(store.kept.has(BEAT_ID)).toBe(false));
    expect(screen.queryByRole('region', { name: 'Unsaved take' })).not.toBeInTheDocument();
  });

  it('a saved take is no longer kept, and going to the beat page does not ask', async () => {
    const store = memoryDrafts();
    const enqueueTake = vi.fn(async () => ({}));
    const view = setup({
      platform: { ...store.platform, library: { enqueueTake } as unknown as PlatformLibrary },
    });
    await recordTake(view);
    await waitFor(() => expect(store.kept.has(BEAT_ID)).toBe(true));
    await view.user.click(screen.getByRole('button', { name: 'Save Recording' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save Recording' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Save Recording' }));
    expect(await screen.findByText('Beat page')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Leave the studio?' })).not.toBeInTheDocument();
    await waitFor(() => expect(store.kept.has(BEAT_ID)).toBe(false));
  });
});
