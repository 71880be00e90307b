import { Circle, Download, LoaderCircle, Pause, Play, RotateCcw, Save, Square } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { PanelSection } from '../../../components/ui/panel-section';
import { describeError } from '../../../lib/error-text';
import { showToast } from '../../../lib/toast';
import { formatTimer, type StudioRecorder } from '../hooks/use-studio-recorder';
import { STUDIO_ALERTS } from '../studio-alerts';
import { useStudioStore } from '../store/studio-store';
import { downloadBlob, fileNameOf } from '../download-file';
import { SaveRecordingDialog } from './save-recording-dialog';

/**
 * The Recording Console: the timer, Start or Stop Recording, and once a take exists Play
 * Back or Pause, Reset, Save Recording and Download (the mixdown as WAV).
 */
export function RecordingConsole({
  recorder,
  beatId,
  onSaved,
}: {
  recorder: StudioRecorder;
  beatId: string;
  onSaved: () => void;
}) {
  const phase = useStudioStore((state) => state.phase);
  const countInBeat = useStudioStore((state) => state.countInBeat);
  const elapsed = useStudioStore((state) => state.elapsedSeconds);
  const takePlaying = useStudioStore((state) => state.takePlaying);
  const [saveOpen, setSaveOpen] = useState(false);
  const [mixing, setMixing] = useState(false);
  const recording = phase === 'recording';
  const busy = phase === 'starting' || phase === 'count-in' || phase === 'stopping';

  const download = async () => {
    if (!recorder.take || !recorder.audio) {
      showToast({ type: 'error', title: STUDIO_ALERTS.noRecordingToDownload });
      return;
    }
    setMixing(true);
    try {
      const mix = await recorder.audio.mixdown();
      downloadBlob(mix, fileNameOf(useStudioStore.getState().settings.recordingName));
    } catch (error) {
      console.error(`The mixdown failed: ${describeError(error)}`);
      showToast({ type: 'error', title: 'The mix could not be made', message: describeError(error) });
    } finally {
      setMixing(false);
    }
  };

  return (
    <PanelSection title="Recording Console" Icon={Circle}>
      <div className="mt-3 flex flex-col items-center gap-4">
        <p
          aria-label="Recording time"
          role="timer"
          className={`text-5xl font-semibold tabular-nums ${recording ? 'text-red-400' : ''}`}
        >
          {formatTimer(elapsed)}
        </p>
        <p role="status" className="min-h-5 text-sm text-muted">
          {phase === 'count-in'
            ? `Count-in: ${countInBeat || '…'}`
            : recording
              ? 'Recording…'
              : phase === 'has-take'
                ? 'Take ready: play it back, save it or download the mix.'
                : phase === 'stopping'
                  ? 'Finishing the take…'
                  : recorder.ready
                    ? 'Put on headphones, then start recording.'
                    : 'Getting the microphone and the beat ready…'}
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          {recording ? (
            <Button
              size="lg"
              className="bg-red-600 shadow-red-600/25 hover:bg-red-500"
              onClick={() => void recorder.stop()}
            >
              <Square aria-hidden="true" className="size-4 fill-current" />
              Stop Recording
            </Button>
          ) : (
            <Button size="lg" disabled={busy} onClick={() => void recorder.start()}>
              {busy ? (
                <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
              ) : (
                <Circle aria-hidden="true" className="size-4 fill-current" />
              )}
              Start Recording
            </Button>
          )}
        </div>
        {phase === 'has-take' && recorder.take ? (
          <div className="flex flex-wrap justify-center gap-2">
            <Button variant="secondary" onClick={recorder.togglePlayback}>
              {takePlaying ? (
                <Pause aria-hidden="true" className="size-4 fill-current" />
              ) : (
                <Play aria-hidden="true" className="size-4 fill-current" />
              )}
              {takePlaying ? 'Pause' : 'Play Back'}
            </Button>
            <Button variant="secondary" onClick={recorder.reset}>
              <RotateCcw aria-hidden="true" className="size-4" />
              Reset
            </Button>
            <Button variant="secondary" onClick={() => setSaveOpen(true)}>
              <Save aria-hidden="true" className="size-4" />
              Save Recording
            </Button>
            <Button variant="secondary" disabled={mixing} onClick={() => void download()}>
              {mixing ? (
                <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
              ) : (
                <Download aria-hidden="true" className="size-4" />
              )}
              Download
            </Button>
          </div>
        ) : null}
      </div>
      <SaveRecordingDialog
        open={saveOpen}
        onOpenChange={setSaveOpen}
        beatId={beatId}
        take={recorder.take}
        onSaved={onSaved}
      />
    </PanelSection>
  );
}
