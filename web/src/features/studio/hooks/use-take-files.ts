import type { Arrangement } from '@beatroom/shared/studio-arrangement';
import { withTakeSource } from '@beatroom/shared/studio-takes-contract';
import { useCallback, useEffect, useRef } from 'react';
import { describeError } from '../../../lib/error-text';
import type { StudioAudio } from '../studio-audio';
import { currentArrangement, useArrangementStore } from '../store/arrangement-store';
import { useStudioStore } from '../store/studio-store';
import { unsavedTakeCount, useTakeFilesStore } from '../store/take-files-store';
import { peaksInWorker } from '../timeline/take-peaks';
import { takeKept } from '../recording-keeper';
import { retryDelayMs, worthRetrying, type TakeStorage } from '../take-storage';

/**
 * The takes' audio as files. A take is saved as soon as it is recorded (tried again until it is
 * kept; its clip says "Not saved yet" meanwhile and leaving the page asks), and its `source`
 * then joins the arrangement, so auto-save names the file in the session. A take whose file is
 * named but not on this page (a session loaded, the page reloaded) is fetched, decoded for the
 * timeline and its waveform computed again.
 */
export function useTakeFiles({ audio, storage }: { audio: StudioAudio | null; storage: TakeStorage }) {
  const timers = useRef(new Set<number>());
  const left = useRef(false);
  /** The source each take's audio on this page came from (null: recorded here). */
  const loadedFrom = useRef(new Map<string, string | null>());

  useEffect(() => {
    left.current = false;
    const pending = timers.current;
    return () => {
      left.current = true;
      pending.forEach((timer) => window.clearTimeout(timer));
      pending.clear();
    };
  }, []);

  /** A take just recorded (its audio already in the engine): saved, again and again if need be. */
  const keep = useCallback(
    (takeId: string, take: Blob) => {
      const { set } = useTakeFilesStore.getState();
      set(takeId, 'unsaved');
      loadedFrom.current.set(takeId, null);
      const attempt = (n: number) => {
        storage
          .save(take)
          .then((source) => {
            takeKept(take);
            // Gone, or another session's take of the same id was loaded meanwhile.
            if (left.current || loadedFrom.current.get(takeId) !== null) return;
            loadedFrom.current.set(takeId, source);
            // Every undo step learns where the audio is, so no undo or redo loses it.
            const apply = (a: Arrangement) => withTakeSource(a, takeId, source);
            useArrangementStore.setState(({ history }) => ({
              history: {
                past: history.past.map(apply),
                present: apply(history.present),
                future: history.future.map(apply),
              },
            }));
            set(takeId, 'ready');
            useStudioStore.setState((state) => ({ revision: state.revision + 1 }));
          })
          .catch((error: unknown) => {
            if (left.current || loadedFrom.current.get(takeId) !== null) return;
            console.error(`${takeId} could not be saved: ${describeError(error)}`);
            if (!worthRetrying(error)) return set(takeId, 'refused');
            const timer = window.setTimeout(() => {
              timers.current.delete(timer);
              attempt(n + 1);
            }, retryDelayMs(n));
            timers.current.add(timer);
          });
      };
      attempt(1);
    },
    [storage],
  );

  // Takes named by the arrangement whose audio this page does not have: fetched and decoded.
  useEffect(() => {
    if (!audio) return;
    const look = (arrangement: Arrangement) => {
      const { set } = useTakeFilesStore.getState();
      for (const take of arrangement.takes) {
        const from = loadedFrom.current.get(take.id);
        if (from !== undefined && from === take.source) continue;
        loadedFrom.current.set(take.id, take.source);
        if (!take.source) {
          set(take.id, 'missing');
          continue;
        }
        set(take.id, 'loading');
        const source = take.source;
        storage
          .load(source)
          .then(async (blob) => {
            if (!blob) throw new Error(`No storage keeps ${source}`);
            const decoded = await audio.loadTake(take.id, blob);
            const peaks = await peaksInWorker(decoded.samples, decoded.sampleRate);
            if (left.current || loadedFrom.current.get(take.id) !== source) return;
            useArrangementStore.getState().setPeaks(take.id, peaks);
            set(take.id, 'ready');
          })
          .catch((error: unknown) => {
            if (left.current || loadedFrom.current.get(take.id) !== source) return;
            console.error(`The audio of ${take.name} could not be loaded: ${describeError(error)}`);
            set(take.id, 'missing');
          });
      }
    };
    look(currentArrangement());
    return useArrangementStore.subscribe((state, previous) => {
      if (state.history.present.takes !== previous.history.present.takes) look(state.history.present);
    });
  }, [audio, storage]);

  /** Takes recorded here not kept yet: the page's leave guard asks while there are any. */
  const unsaved = useTakeFilesStore((state) => unsavedTakeCount(state.takes));
  return { keep, unsaved };
}
