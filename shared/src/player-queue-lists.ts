// How a list of beats enters the player's queue, as pure functions the reducer in
// player-queue.ts applies: playing a beat from a list (the home grid or track list, search
// results, a profile's uploads, a challenge) queues the list from that beat on, so Next, the end
// of a track and the media keys go on through the list; "Play next" slots one beat right after
// the current entry.
import { makeQueueId, toPlayerBeat } from './player-defaults';
import type { PlayerBeat, QueueEntry } from './player-state';

/**
 * The queue for playing `beats[index]` from its list: that beat and every one after it, in the
 * list's order, each beat once. An entry of a beat that was already queued keeps its queueId (the
 * queue panel's rows keep their identity); the others get a new one. Null when `index` is not in
 * the list.
 */
export function queueFromList(
  queue: readonly QueueEntry[],
  beats: readonly PlayerBeat[],
  index: number,
  now: number,
): QueueEntry[] | null {
  if (!Number.isInteger(index) || index < 0 || index >= beats.length) return null;
  const queued = new Map(queue.map((entry) => [entry.id, entry.queueId]));
  const seen = new Set<string>();
  const entries: QueueEntry[] = [];
  for (const listed of beats.slice(index)) {
    if (seen.has(listed.id)) continue;
    seen.add(listed.id);
    const beat = toPlayerBeat(listed);
    entries.push({ ...beat, queueId: queued.get(beat.id) ?? makeQueueId(beat.id, now) });
  }
  return entries;
}

/**
 * "Play next": the beat goes right after the current entry (the front of an empty queue). A beat
 * already queued elsewhere moves there rather than appearing twice; the current entry itself
 * stays where it is (null: nothing to change). The current index follows its entry.
 */
export function insertAfterCurrent(
  queue: readonly QueueEntry[],
  currentIndex: number,
  beat: PlayerBeat,
  now: number,
): { queue: QueueEntry[]; currentIndex: number } | null {
  const existing = queue.findIndex((entry) => entry.id === beat.id);
  if (existing !== -1 && existing === currentIndex) return null;
  const entry: QueueEntry =
    existing === -1
      ? { ...toPlayerBeat(beat), queueId: makeQueueId(beat.id, now) }
      : { ...toPlayerBeat(beat), queueId: queue[existing]!.queueId };
  const rest = queue.filter((_, i) => i !== existing);
  // The current entry's place once the beat left its old one.
  const current = existing !== -1 && existing < currentIndex ? currentIndex - 1 : currentIndex;
  const at = current + 1;
  return { queue: [...rest.slice(0, at), entry, ...rest.slice(at)], currentIndex: current };
}
