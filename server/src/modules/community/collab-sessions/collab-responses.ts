import {
  collabTakeAudioUrl,
  CollabSessionData,
  defaultCollabSessionData,
  type CollabChatMessage,
  type CollabSession,
  type CollabTake,
  type Participant,
  type Track,
} from '@beatroom/shared/collab-sessions-contract';
import { avatarUrl } from '@beatroom/shared/files-contract';
import { displayName } from '@beatroom/shared/format-names';
import { displayNameOf } from '../../../db/user-columns';
import type { ChatRow, ParticipantRow, SessionRow } from './collab-sessions.repository';
import type { TakeRow } from './collab-takes.repository';

/** The session as members and code holders see it; a damaged session_data reads as the default. */
export function toSession(row: SessionRow, serverTime: number): CollabSession {
  const data = CollabSessionData.safeParse(row.sessionData);
  return {
    id: row.id,
    session_code: row.sessionCode,
    host_user_id: row.hostUserId,
    beat_id: row.beatId,
    beat_title: row.beat?.title ?? null,
    beat_bpm: row.beat?.bpm ?? null,
    session_name: row.sessionName,
    max_participants: row.maxParticipants,
    is_public: row.isPublic,
    session_data: data.success ? data.data : defaultCollabSessionData(row.createdAt.getTime()),
    created_at: row.createdAt.toISOString(),
    server_time: serverTime,
  };
}

export function participant(row: ParticipantRow): Participant {
  return {
    id: row.id,
    user_id: row.userId,
    user_name: displayName(displayNameOf(row.user), row.userId),
    user_avatar: avatarUrl(row.user.profile?.profileImageKey, row.user.picture),
    role: row.role === 'host' ? 'host' : 'participant',
    track_assignment: row.track as Track,
  };
}

export function chatMessage(row: ChatRow): CollabChatMessage {
  return {
    id: row.id,
    user_id: row.userId,
    user_name: displayName(displayNameOf(row.user), row.userId),
    message: row.message,
    timestamp: row.createdAt.toISOString(),
  };
}

export function take(row: TakeRow): CollabTake {
  return {
    id: row.id,
    user_id: row.userId,
    track: row.track as Track,
    start_seconds: row.startSeconds,
    recording_id: row.recordingId,
    recording_name: row.recording.recordingName,
    duration_seconds: row.recording.durationSeconds,
    created_at: row.createdAt.toISOString(),
    audio_url: collabTakeAudioUrl(row.sessionId, row.id),
  };
}
