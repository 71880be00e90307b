import { UPLOAD_PROGRESS } from '@beatroom/shared/limits';
import { useCallback, useEffect, useRef, useState } from 'react';
import { describeError, serverErrorText } from '../../../lib/error-text';
import { uploadImage } from '../../../lib/image-upload';
import { showToast } from '../../../lib/toast';
import { createBeat, uploadAudio } from '../api';
import type { BeatFields } from '../beat-form';
import { prepareCover } from '../cover-upload';

export const UPLOAD_ERRORS = {
  noAudio: 'Please select an audio file',
  audio: 'Failed to upload audio file',
  create: 'Failed to create beat',
  other: 'Upload failed',
} as const;

export type UploadStatus =
  | { state: 'idle' }
  | { state: 'uploading'; progress: number }
  | { state: 'error'; message: string; detail: string | null }
  | { state: 'done'; beatId: string };

/** A failure of one step, carrying the documented message for that step. */
class StepError extends Error {
  constructor(
    message: string,
    readonly failure: unknown,
  ) {
    super(message);
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Uploading a beat: 10 at the start (while the cover is
 * resized), 30 once the uploads start (the audio's bytes then move it towards 70), 70 once the
 * files are up, 100 once the beat exists. A cover that fails to upload is tolerated (no cover).
 * Errors name the step: Failed to upload audio file, Failed to create beat, otherwise Upload
 * failed. `onCreated` lets the caller refresh what lists the new beat (app/ composes that).
 */
export function useBeatUpload(onCreated?: (beatId: string) => void) {
  const [status, setStatus] = useState<UploadStatus>({ state: 'idle' });
  const created = useRef(onCreated);
  useEffect(() => {
    created.current = onCreated;
  });
  const controller = useRef<AbortController | null>(null);
  // One key per form: a retry after a lost answer cannot create the beat twice.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  // A retry after a failed create reuses the audio already uploaded for the same file.
  const uploadedAudio = useRef<{ file: File; key: string } | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const upload = useCallback(
    async (fields: BeatFields, audio: File | null, cover: File | null): Promise<string | null> => {
      setStatus({ state: 'uploading', progress: UPLOAD_PROGRESS.START });
      if (!audio) {
        setStatus({ state: 'error', message: UPLOAD_ERRORS.noAudio, detail: null });
        return null;
      }
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      const { signal } = abort;
      const progress = (value: number) => {
        if (!signal.aborted) setStatus({ state: 'uploading', progress: value });
      };

      try {
        // 10 while the cover is prepared (resized in the browser), 30 once the uploads start.
        const preparedCover = cover ? await prepareCover(cover) : null;
        if (signal.aborted) return null;
        progress(UPLOAD_PROGRESS.UPLOADING);
        const coverKey = preparedCover
          ? uploadImage(preparedCover.image, preparedCover.name, signal).catch((error: unknown) => {
              if (isAbort(error)) return null;
              console.error(`Cover upload failed, continuing without a cover: ${describeError(error)}`);
              showToast({
                type: 'warning',
                title: 'Cover image not uploaded',
                message:
                  serverErrorText(error) ??
                  'The beat is saved without a cover; add one later from Manage Beat.',
              });
              return null;
            })
          : Promise.resolve(null);
        const span = UPLOAD_PROGRESS.FILES_UPLOADED - UPLOAD_PROGRESS.UPLOADING;
        const audioKey =
          uploadedAudio.current?.file === audio
            ? uploadedAudio.current.key
            : await uploadAudio(
                audio,
                (fraction) => progress(UPLOAD_PROGRESS.UPLOADING + Math.floor(fraction * (span - 1))),
                signal,
              ).catch((error: unknown) => {
                throw new StepError(UPLOAD_ERRORS.audio, error);
              });
        uploadedAudio.current = { file: audio, key: audioKey };
        const cover_image_key = await coverKey;
        progress(UPLOAD_PROGRESS.FILES_UPLOADED);

        const beatId = await createBeat(
          {
            ...fields,
            audio_file_key: audioKey,
            cover_image_key,
            idempotency_key: idempotencyKey,
          },
          signal,
        ).catch((error: unknown) => {
          throw new StepError(UPLOAD_ERRORS.create, error);
        });
        progress(UPLOAD_PROGRESS.DONE);
        created.current?.(beatId);
        if (!signal.aborted) setStatus({ state: 'done', beatId });
        return beatId;
      } catch (error) {
        const cause = error instanceof StepError ? error.failure : error;
        if (isAbort(cause)) return null;
        console.error(`Upload failed: ${describeError(cause)}`);
        setStatus({
          state: 'error',
          message: error instanceof StepError ? error.message : UPLOAD_ERRORS.other,
          detail: serverErrorText(cause),
        });
        return null;
      }
    },
    [idempotencyKey],
  );

  return { status, upload };
}
