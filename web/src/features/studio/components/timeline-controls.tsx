import { STUDIO_AUDIO } from '@beatroom/shared/studio-settings';
import { Download, FileAudio, LoaderCircle, Play, Save, Square } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { describeError } from '../../../lib/error-text';
import { showToast } from '../../../lib/toast';
import { currentArrangement, useArrangementStore } from '../store/arrangement-store';
import { useStudioStore } from '../store/studio-store';
import type { ExportFormat, StudioAudio } from '../studio-audio';
import { downloadBlob, fileNameOf } from '../download-file';
import { wav24To16 } from '../engine/wav-convert';
import { SaveRecordingDialog } from './save-recording-dialog';

const FORMAT_LABELS: Record<ExportFormat, string> = { wav: 'WAV 24-bit', mp3: 'MP3 320' };

/** Play/Stop of the whole timeline from the playhead. */
export function TimelineTransport({ audio, disabled }: { audio: StudioAudio | null; disabled: boolean }) {
  const [playing, setPlaying] = useState(false);
  useEffect(() => () => audio?.stopArrangement(), [audio]);
  const toggle = () => {
    if (!audio) return;
    if (playing) {
      const at = audio.position();
      audio.stopArrangement();
      if (at !== null) useArrangementStore.getState().setPlayhead(at);
      setPlaying(false);
      return;
    }
    setPlaying(true);
    audio
      .playArrangement(currentArrangement(), useArrangementStore.getState().playhead, () => setPlaying(false))
      .catch((error: unknown) => {
        setPlaying(false);
        console.error(`The timeline could not play: ${describeError(error)}`);
      });
  };
  return (
    <Button size="sm" variant="secondary" disabled={!audio || disabled} onClick={toggle}>
      {playing ? (
        <Square aria-hidden="true" className="size-4 fill-current" />
      ) : (
        <Play aria-hidden="true" className="size-4 fill-current" />
      )}
      {playing ? 'Stop timeline' : 'Play timeline'}
    </Button>
  );
}

/**
 * Export: the timeline mixed through every track's chain, offline, as WAV 24-bit or MP3 320,
 * with a progress bar; then downloaded or saved as a recording (a vocal cover). The beat in
 * the mix is what the studio plays: the master for a licence holder, else the preview.
 */
export function TimelineExport({
  audio,
  beatId,
  disabled,
  onSaved,
}: {
  audio: StudioAudio | null;
  beatId: string;
  disabled: boolean;
  onSaved: () => void;
}) {
  const [format, setFormat] = useState<ExportFormat>('wav');
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<{ blob: Blob; format: ExportFormat } | null>(null);
  const [saveOpen, setSaveOpen] = useState(false);
  const [cover, setCover] = useState<Blob | null>(null);
  const name = () => useStudioStore.getState().settings.recordingName;

  const run = async () => {
    if (!audio) return;
    setResult(null);
    setProgress(0);
    try {
      const blob = await audio.exportArrangement(currentArrangement(), format, setProgress);
      setResult({ blob, format });
    } catch (error) {
      console.error(`The export failed: ${describeError(error)}`);
      showToast({ type: 'error', title: 'The mix could not be made', message: describeError(error) });
    } finally {
      setProgress(null);
    }
  };

  const saveAsCover = async () => {
    if (!result) return;
    // A recording is at most 50 MB: a long 24-bit mix is saved at 16 bits.
    const blob =
      result.blob.size > STUDIO_AUDIO.RECORDING_MAX_BYTES ? await wav24To16(result.blob) : result.blob;
    setCover(blob);
    setSaveOpen(true);
  };

  return (
    <>
      <select
        aria-label="Export format"
        value={format}
        onChange={(event) => setFormat(event.target.value as ExportFormat)}
        className="h-8 rounded-lg border border-line bg-surface px-2 text-sm"
      >
        {(Object.keys(FORMAT_LABELS) as ExportFormat[]).map((value) => (
          <option key={value} value={value}>
            {FORMAT_LABELS[value]}
          </option>
        ))}
      </select>
      <Button size="sm" disabled={!audio || disabled || progress !== null} onClick={() => void run()}>
        {progress !== null ? (
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <FileAudio aria-hidden="true" className="size-4" />
        )}
        Export
      </Button>
      {progress !== null ? (
        <progress
          aria-label="Export progress"
          max={1}
          value={progress}
          className="h-2 w-28 accent-[var(--app-accent)]"
        />
      ) : null}
      {result ? (
        <>
          <Button
            size="sm"
            variant="secondary"
            onClick={() =>
              downloadBlob(result.blob, fileNameOf(name(), result.format === 'mp3' ? 'mp3' : 'wav'))
            }
          >
            <Download aria-hidden="true" className="size-4" />
            Download export
          </Button>
          {result.format === 'wav' ? (
            <Button size="sm" variant="secondary" onClick={() => void saveAsCover()}>
              <Save aria-hidden="true" className="size-4" />
              Save as cover
            </Button>
          ) : null}
        </>
      ) : null}
      <SaveRecordingDialog
        open={saveOpen}
        onOpenChange={setSaveOpen}
        beatId={beatId}
        take={cover}
        onSaved={onSaved}
      />
    </>
  );
}
