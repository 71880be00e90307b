import type { BeatDetail } from '@beatroom/shared/beats-contract';
import { formatDate } from '@beatroom/shared/format-dates';
import { formatDuration } from '@beatroom/shared/format-numbers';
import type { ReactNode } from 'react';
import { PanelSection } from '../../../components/ui/panel-section';

function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 py-2.5">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-right text-sm font-medium numeric">{children}</dd>
    </div>
  );
}

/** Beat Details: genre, BPM, key, mood, duration as m:ss and the release date. */
export function BeatDetailsPanel({ beat }: { beat: BeatDetail }) {
  return (
    <PanelSection title="Beat Details">
      <dl className="mt-2 divide-y divide-line">
        <DetailRow label="Genre">{beat.genre}</DetailRow>
        <DetailRow label="BPM">{beat.bpm ?? '–'}</DetailRow>
        <DetailRow label="Key">{beat.key_signature ?? '–'}</DetailRow>
        <DetailRow label="Mood">{beat.mood ?? '–'}</DetailRow>
        <DetailRow label="Duration">{formatDuration(beat.duration_seconds)}</DetailRow>
        <DetailRow label="Released">{formatDate(beat.created_at)}</DetailRow>
      </dl>
    </PanelSection>
  );
}
