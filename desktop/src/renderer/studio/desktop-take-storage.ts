import type { BeatroomDesktopApi } from '@beatroom/shared/ipc-contract';
import { studioTakeIdOf, studioTakeSource } from '@beatroom/shared/studio-takes-contract';
import { serverTakeStorage, type TakeStorage } from '@beatroom/web/take-storage';

/**
 * The desktop studio's take files: a take is written to the local library before its source
 * joins the arrangement (so it is kept offline, or if the app closes before it reaches the
 * server), and main sends it to the server under the same id. A take this computer does not
 * hold (recorded on the web, or on another computer) comes from the server as on the web.
 */
export function createDesktopTakeStorage(
  api: BeatroomDesktopApi,
  server: TakeStorage = serverTakeStorage,
): TakeStorage {
  return {
    async save(audio) {
      const { id } = await api.timeline.keepTake({ audio: new Uint8Array(await audio.arrayBuffer()) });
      return studioTakeSource(id);
    },

    async load(source) {
      const id = studioTakeIdOf(source);
      if (!id) return null;
      const { audio } = await api.timeline.readTake({ id });
      if (!audio) return server.load(source);
      return new Blob([audio as Uint8Array<ArrayBuffer>], {
        type: id.endsWith('.wav') ? 'audio/wav' : 'audio/webm',
      });
    },
  };
}
