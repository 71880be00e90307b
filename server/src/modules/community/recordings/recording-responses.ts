import type { PublicRecording } from '@beatroom/shared/beat-social-contract';
import type { WaveformPeaks } from '@beatroom/shared/beats-contract';
import { displayName } from '@beatroom/shared/format-names';
import {
  recordingAudioUrl,
  type Recording,
  type RecordingFormat,
} from '@beatroom/shared/recordings-contract';
import { displayNameOf } from '../../../db/user-columns';
import type { OwnRecordingRow, PublicRecordingRow } from './recordings.repository';

/** A take as its owner sees it. */
export function ownRecording(row: OwnRecordingRow): Recording {
  return {
    id: row.id,
    recording_name: row.recordingName,
    file_key: row.fileKey,
    file_size: row.fileSize,
    format: row.format as RecordingFormat,
    is_public: row.isPublic,
    created_at: row.createdAt.toISOString(),
    beat_id: row.beatId ?? '',
    beat_title: row.beat?.title ?? '',
    beat_cover: row.beat?.coverImageKey ?? null,
    duration_seconds: row.durationSeconds,
    peaks: row.peaks as WaveformPeaks,
    play_count: row.playCount,
    audio_url: recordingAudioUrl(row.id),
  };
}

/** A public take as anyone sees it under its beat, with its vocalist's name and picture. */
export function publicRecording(row: PublicRecordingRow): PublicRecording {
  return {
    id: row.id,
    user_id: row.userId,
    recording_name: row.recordingName,
    file_key: row.fileKey,
    vocalist_name: displayName(displayNameOf(row.user), row.userId, 'Artist'),
    vocalist_avatar: row.user.profile?.profileImageKey ?? null,
    play_count: row.playCount,
    created_at: row.createdAt.toISOString(),
    duration_seconds: row.durationSeconds,
    audio_url: recordingAudioUrl(row.id),
  };
}
