import { withTakeSource } from '@beatroom/shared/studio-takes-contract';
import { nextId } from '@beatroom/shared/studio-arrangement-clips';
import { useEffect } from 'react';
import { describeError } from '../../../lib/error-text';
import { showToast } from '../../../lib/toast';
import type { StudioAudio } from '../studio-audio';
import { useArrangementStore } from '../store/arrangement-store';
import type { TakeStorage } from '../take-storage';
import { placeTake } from './use-timeline';

/**
 * Takes a crash or a reload cut short over this beat (kept by the recording journal as they were
 * captured) land on the armed track from the start of the beat when the studio opens, already
 * saved, so they play, export and join the session like any take.
 */
export function useRecoveredTakes({
  audio,
  storage,
  beatId,
}: {
  audio: StudioAudio | null;
  storage: TakeStorage;
  beatId: string;
}) {
  useEffect(() => {
    const journal = storage.journal;
    if (!audio || !journal) return;
    let live = true;
    const recover = async () => {
      for (const source of await journal.recovered(beatId)) {
        const blob = await storage.load(source);
        if (!blob || !live) continue;
        const { history } = useArrangementStore.getState();
        const decoded = await audio.loadTake(nextId('take', history.present.takes), blob);
        if (!live) return;
        useArrangementStore.getState().edit((present) => {
          const placed = placeTake(
            present,
            { offsetS: 0, durationS: decoded.durationS },
            { from: 0, loop: null },
          );
          return withTakeSource(placed.arrangement, placed.takeId, source);
        });
        showToast({ type: 'info', title: 'A take cut short was recovered onto the timeline.' });
      }
    };
    recover().catch((error: unknown) =>
      console.error(`A take cut short could not be recovered: ${describeError(error)}`),
    );
    return () => {
      live = false;
    };
  }, [audio, storage, beatId]);
}
