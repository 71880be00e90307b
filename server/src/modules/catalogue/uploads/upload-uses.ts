import type { UploadKind } from './uploads.repository';

/**
 * What a stored upload serves as. Each upload serves one use at most: deleting a beat deletes
 * its audio and cover, replacing a picture lets the sweep take the old one, so a file shared by
 * two uses would break the other one (an avatar that was a beat's cover).
 */
export type UploadUse = 'beat_audio' | 'beat_cover' | 'avatar' | 'profile_cover' | 'voice_tag';

/** The kind of upload each use takes. */
export const USE_KINDS: Record<UploadUse, UploadKind> = {
  beat_audio: 'audio',
  beat_cover: 'image',
  avatar: 'image',
  profile_cover: 'image',
  voice_tag: 'audio',
};

const USE_LABELS: Record<UploadUse, string> = {
  beat_audio: "a beat's audio",
  beat_cover: "a beat's cover",
  avatar: 'a profile picture',
  profile_cover: 'a profile cover',
  voice_tag: 'a voice tag',
};

/** The 409 message for a file that already serves `use`. */
export function fileInUse(use: UploadUse): string {
  return `This file is already used as ${USE_LABELS[use]}: upload it again`;
}
