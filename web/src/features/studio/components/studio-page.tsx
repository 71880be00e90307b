import { beatIntervalMs } from '@beatroom/shared/studio-settings';
import type { StudioBeat } from '@beatroom/shared/studio-sessions-contract';
import { useQuery } from '@tanstack/react-query';
import { MicVocal } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { BackButton } from '../../../components/ui/back-button';
import { buttonClasses } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import { useDocumentHead } from '../../../lib/document-head';
import { describeError } from '../../../lib/error-text';
import { showToast } from '../../../lib/toast';
import { studioBeatQueryOptions, studioBeatWaveformQueryOptions } from '../api';
import { useInputDevices } from '../hooks/use-input-devices';
import { useAutoSave } from '../hooks/use-studio-sessions';
import { useStudioRecorder } from '../hooks/use-studio-recorder';
import { useTimeline } from '../hooks/use-timeline';
import { useTakeDraft, useTakeDraftStore } from '../hooks/use-take-draft';
import { useTakeFiles } from '../hooks/use-take-files';
import { useRecoveredTakes } from '../hooks/use-recovered-takes';
import { unsavedTakeCount, useTakeFilesStore } from '../store/take-files-store';
import { serverTakeStorage, type TakeStorage } from '../take-storage';
import type { StudioAudioFactory } from '../studio-audio';
import { defaultRecordingName, STUDIO_ALERTS } from '../studio-alerts';
import { useArrangementStore } from '../store/arrangement-store';
import { useStudioStore } from '../store/studio-store';
import { TimelinePanel } from '../timeline/timeline-panel';
import type { TakeStart } from '../studio-audio';
import { BeatPlaybackPanel } from './beat-playback-panel';
import { EffectsPanel } from './effects-panel';
import { EqMixPanel } from './eq-mix-panel';
import { MicrophonePanel } from './microphone-panel';
import { PresetsPanel } from './presets-panel';
import { ProStudioTips } from './pro-tips';
import { RecordingConsole } from './recording-console';
import { SessionsPanel } from './sessions-panel';
import { TimelineExport, TimelineTransport } from './timeline-controls';
import { RestoreTakeBanner, UnsavedTakeGuard } from './unsaved-take-guard';
import { VisualisationPanel } from './visualisation-panel';

function StudioSkeleton() {
  return (
    <div role="status" aria-label="Loading studio" className="grid gap-6 lg:grid-cols-2">
      {[1, 2, 3, 4].map((n) => (
        <div key={n} className="h-56 animate-pulse rounded-3xl bg-fg/10" />
      ))}
    </div>
  );
}

function BeatNotFound() {
  return (
    <section className="mx-auto flex min-h-[50dvh] max-w-md flex-col items-center justify-center text-center">
      <MicVocal aria-hidden="true" className="size-14 text-accent" />
      <h1 className="mt-4 text-2xl font-semibold">Beat not found</h1>
      <p className="mt-2 text-muted">It may have been removed by its producer, or the link is wrong.</p>
      <Link to="/" className={buttonClasses({ size: 'lg', className: 'mt-8' })}>
        Go Home
      </Link>
    </section>
  );
}

/** Keeps the audio's chain on the page's settings, as they change. */
function useSettingsFollow(audio: ReturnType<typeof useStudioRecorder>['audio']) {
  useEffect(() => {
    if (!audio) return;
    audio.setSettings(useStudioStore.getState().settings);
    return useStudioStore.subscribe((state, previous) => {
      if (state.settings !== previous.settings) audio.setSettings(state.settings);
    });
  }, [audio]);
}

interface StudioProps {
  createAudio: StudioAudioFactory;
  /** Where the timeline's takes keep their audio: the server's take files by default. */
  takeStorage?: TakeStorage | undefined;
  /** A take was saved over this beat: app/ refreshes what shows it (the beat page's covers). */
  onRecordingSaved?: ((beatId: string) => void) | undefined;
}

function Studio({
  beat,
  createAudio,
  onRecordingSaved,
  takeStorage = serverTakeStorage,
}: StudioProps & { beat: StudioBeat }) {
  const navigate = useNavigate();
  const devices = useInputDevices();
  const bpm = Math.round(60_000 / beatIntervalMs(beat.bpm));
  const range = useRef<() => Pick<TakeStart, 'from' | 'loop'>>(() => ({ from: 0, loop: null }));
  const recorder = useStudioRecorder({
    range: () => range.current(),
    createAudio,
    keySignature: beat.key_signature,
    audioUrl: beat.audio_url,
    bpm,
    deviceId: devices.deviceId,
    journal: takeStorage.journal && { keeper: takeStorage.journal, beatId: beat.id },
  });
  useRecoveredTakes({ audio: recorder.audio, storage: takeStorage, beatId: beat.id });
  const phase = useStudioStore((state) => state.phase);
  const takeFiles = useTakeFiles({ audio: recorder.audio, storage: takeStorage });
  const timeline = useTimeline({ audio: recorder.audio, bpm, take: recorder.take, onTake: takeFiles.keep });
  range.current = timeline.takeRange;
  const waveform = useQuery(studioBeatWaveformQueryOptions(beat.id));
  const audio = recorder.audio;
  const position = useCallback(() => audio?.position() ?? null, [audio]);
  useSettingsFollow(recorder.audio);
  useAutoSave(beat.id);
  const busy = phase === 'starting' || phase === 'count-in' || phase === 'recording' || phase === 'stopping';
  const consoleDraft = useTakeDraft({
    beatId: beat.id,
    take: recorder.take,
    restoreTake: recorder.restore,
    drafts: useTakeDraftStore(),
  });
  // A timeline take not kept as a file yet counts as unsaved too: leaving asks.
  const draft = {
    ...consoleDraft,
    unsaved: consoleDraft.unsaved || takeFiles.unsaved > 0,
    unsavedNow: () => consoleDraft.unsavedNow() || unsavedTakeCount(useTakeFilesStore.getState().takes) > 0,
  };
  // Reset clears the take: the kept draft goes with it.
  const consoleRecorder = {
    ...recorder,
    reset: () => {
      recorder.reset();
      draft
        .discard()
        .catch((error: unknown) =>
          console.error(`The take's draft could not be removed: ${describeError(error)}`),
        );
    },
  };

  // Device names appear once the microphone is allowed: list them when it opens.
  const refresh = useRef(devices.refresh);
  refresh.current = devices.refresh;
  useEffect(() => {
    if (recorder.ready) refresh.current();
  }, [recorder.ready]);

  const chooseDevice = (deviceId: string | null) => {
    devices.choose(deviceId);
    recorder
      .switchDevice(deviceId)
      .catch((error: unknown) => console.error(`Could not switch microphones: ${describeError(error)}`));
  };

  const saved = () => {
    // Saved: nothing is kept any more and leaving for the beat's page does not ask.
    void draft.saved();
    onRecordingSaved?.(beat.id);
    showToast({ type: 'success', title: STUDIO_ALERTS.recordingSaved });
    void navigate(`/beat/${beat.id}`);
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <TimelinePanel
        className="lg:col-span-2"
        bpm={bpm}
        beatDuration={recorder.ready || audio ? (audio?.beatDuration() ?? 0) : 0}
        beatPeaks={waveform.data?.peaks ?? null}
        position={position}
        controls={
          <>
            <TimelineTransport audio={audio} disabled={busy} />
            <TimelineExport audio={audio} beatId={beat.id} disabled={busy} onSaved={saved} />
          </>
        }
      />
      <div className="flex min-w-0 flex-col gap-6">
        <UnsavedTakeGuard draft={draft} recording={busy && phase !== 'starting'} />
        <RestoreTakeBanner draft={draft} canRestore={recorder.ready && phase === 'idle'} />
        <RecordingConsole recorder={consoleRecorder} beatId={beat.id} onSaved={saved} />
        <BeatPlaybackPanel
          audio={recorder.audio}
          title={beat.title}
          bpm={bpm}
          keySignature={beat.key_signature}
          disabled={busy}
        />
        <VisualisationPanel audio={recorder.audio} />
        <MicrophonePanel
          devices={devices.devices}
          deviceId={devices.deviceId}
          onDeviceChange={chooseDevice}
          busy={busy}
          ready={recorder.ready}
          onCalibrate={recorder.calibrate}
        />
      </div>
      <div className="flex min-w-0 flex-col gap-6">
        <PresetsPanel />
        <EffectsPanel />
        <EqMixPanel />
        <SessionsPanel beatId={beat.id} />
        <ProStudioTips />
      </div>
    </div>
  );
}

/** Starts the page's studio state afresh for this beat before any panel reads it. */
function FreshStudio({ beat, ...props }: StudioProps & { beat: StudioBeat }) {
  const [ready, setReady] = useState(false);
  useLayoutEffect(() => {
    useStudioStore.getState().reset(defaultRecordingName(beat.title));
    useArrangementStore.getState().reset(useStudioStore.getState().settings);
    useTakeFilesStore.getState().reset();
    setReady(true);
  }, [beat.title]);
  return ready ? <Studio beat={beat} {...props} /> : null;
}

/**
 * /studio/:beatId "Studio Pro" for a signed-in member. `createAudio`
 * makes the page's audio: the real engine in the app (studio-route.tsx), a fake in jsdom tests.
 */
export function StudioPage({ createAudio, onRecordingSaved, takeStorage }: StudioProps) {
  const { beatId = '' } = useParams();
  const navigate = useNavigate();
  const beat = useQuery(studioBeatQueryOptions(beatId));
  const notFound = beat.isError && isApiError(beat.error, 404);
  useDocumentHead({
    title: beat.data ? `Studio Pro · ${beat.data.title} · Beatroom` : 'Studio Pro · Beatroom',
  });

  // A beat that cannot be loaded for another reason leaves the studio.
  useEffect(() => {
    if (beat.isError && !notFound) {
      console.error(`The studio's beat could not be loaded: ${describeError(beat.error)}`);
      void navigate('/', { replace: true });
    }
  }, [beat.isError, beat.error, notFound, navigate]);

  if (notFound) return <BeatNotFound />;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <BackButton />
        <div className="min-w-0">
          <h1 className="text-3xl font-semibold tracking-tight">Studio Pro</h1>
          {beat.data ? (
            <p className="truncate text-muted">
              Recording over{' '}
              <Link to={`/beat/${beat.data.id}`} className="font-medium text-fg hover:underline">
                {beat.data.title}
              </Link>
              {beat.data.audio_source === 'preview' ? ' (preview)' : ''}
            </p>
          ) : null}
        </div>
      </div>
      {beat.data ? (
        <FreshStudio
          key={beat.data.id}
          beat={beat.data}
          createAudio={createAudio}
          onRecordingSaved={onRecordingSaved}
          takeStorage={takeStorage}
        />
      ) : (
        <StudioSkeleton />
      )}
    </div>
  );
}
