// Where the studio's timeline keeps takes, and the take being recorded, on each platform
// (Platform.takeStorage; features/studio/take-storage.ts is the web's).

/** Where the studio's timeline keeps each take's audio (features/studio/take-storage.ts). */
export interface PlatformTakeStorage {
  /** Keeps a take's audio; answers the `source` the take names it by. */
  save(audio: Blob): Promise<string>;
  /** The audio a take's `source` names, or null when this storage does not know the source. */
  load(source: string): Promise<Blob | null>;
  /** Keeps a recording as it is captured, so a crash or a reload mid-take loses nothing. */
  journal?: PlatformRecordingJournal;
}

/**
 * A recording under way, chunk by chunk (features/studio/recording-keeper.ts drives it). What a
 * crash or a reload left comes back as takes kept like any other, for the beat it was over.
 */
export interface PlatformRecordingJournal {
  begin(beatId: string): Promise<string>;
  /** Resolves once the chunk would survive the page or the app going away. */
  append(recordingId: string, chunk: Blob): Promise<void>;
  /** The recording's take is kept: its journal goes. */
  finish(recordingId: string): Promise<void>;
  /** Sources (as `save` answers) of takes cut short over this beat, answered once. */
  recovered(beatId: string): Promise<string[]>;
}
