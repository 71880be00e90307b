import { useEffect, useRef, useState } from 'react';
import { describeError } from '../../../lib/error-text';
import { usePlatform, type PlatformTakeDrafts, type TakeDraft } from '../../../lib/platform';
import { useStudioStore } from '../store/studio-store';
import { indexedDbTakeDrafts } from '../take-drafts';

export interface TakeDraftState {
  /** A draft kept from an earlier visit, offered until it is restored or discarded. */
  offered: TakeDraft | null;
  /** The take on the console has not been saved (nor discarded). */
  unsaved: boolean;
  /** Read when a navigation is asked for: the latest answer, not the last render's. */
  unsavedNow: () => boolean;
  restore: () => Promise<void>;
  /** Drops the kept draft (the offered one, or the current take's). */
  discard: () => Promise<void>;
  /** The take was saved: nothing is kept any more, and leaving no longer asks. */
  saved: () => Promise<void>;
}

/** The drafts this app keeps: the platform's (the desktop's local library), else IndexedDB. */
export function useTakeDraftStore(): PlatformTakeDrafts {
  return usePlatform().takeDrafts ?? indexedDbTakeDrafts;
}

/**
 * Keeps the console's take on this machine until it is saved or discarded, so leaving or
 * reloading the studio does not lose it, and offers a kept one again when the studio opens.
 * A draft that cannot be kept or read is only logged: recording goes on as before.
 */
export function useTakeDraft({
  beatId,
  take,
  restoreTake,
  drafts,
}: {
  beatId: string;
  take: Blob | null;
  restoreTake: (take: Blob) => Promise<void>;
  drafts: PlatformTakeDrafts;
}): TakeDraftState {
  const phase = useStudioStore((state) => state.phase);
  const [offered, setOffered] = useState<TakeDraft | null>(null);
  // The take that is already kept (restored from, or written to, the store) or saved.
  const settled = useRef<Blob | null>(null);
  const [savedTake, setSavedTake] = useState<Blob | null>(null);

  useEffect(() => {
    let live = true;
    drafts
      .find(beatId)
      .then((draft) => {
        if (live && draft) setOffered(draft);
      })
      .catch((error: unknown) => console.error(`An unsaved take could not be read: ${describeError(error)}`));
    return () => {
      live = false;
    };
  }, [beatId, drafts]);

  // A new take is kept at once; a newer one replaces it (one draft per beat).
  useEffect(() => {
    if (!take || take === settled.current) return;
    settled.current = take;
    // A new take supersedes the draft that was on offer.
    setOffered(null);
    drafts
      .keep({
        beatId,
        recordingName: useStudioStore.getState().settings.recordingName,
        audio: take,
        recordedAt: new Date().toISOString(),
      })
      .catch((error: unknown) =>
        console.error(`The take could not be kept on this device: ${describeError(error)}`),
      );
  }, [take, beatId, drafts]);

  const recordingNow = phase === 'count-in' || phase === 'recording' || phase === 'stopping';
  const unsaved = recordingNow || (take !== null && take !== savedTake);
  const unsavedRef = useRef(unsaved);
  unsavedRef.current = unsaved;

  return {
    offered,
    unsaved,
    unsavedNow: () => unsavedRef.current,
    async restore() {
      if (!offered) return;
      settled.current = offered.audio;
      await restoreTake(offered.audio);
      useStudioStore.getState().setSetting('recordingName', offered.recordingName);
      setOffered(null);
    },
    async discard() {
      setOffered(null);
      await drafts.discard(beatId);
    },
    async saved() {
      unsavedRef.current = false;
      setSavedTake(take);
      await drafts
        .discard(beatId)
        .catch((error: unknown) =>
          console.error(`A saved take's draft could not be removed: ${describeError(error)}`),
        );
    },
  };
}
