import type { BeatroomDesktopApi } from '@beatroom/shared/ipc-contract';
import { studioTakeIdOf, studioTakeSource } from '@beatroom/shared/studio-takes-contract';
import { serverTakeStorage, type TakeStorage } from '@beatroom/web/take-storage';

/**
 * The desktop studio's take files: a take is written to the local library before its source
 * joins the arrangement (so it is kept offline, or if the app closes before it reaches the
 * server), and main sends it to the server under the same id. A take this computer does not
 * hold (recorded on the web, or on another computer) comes from the server as on the web.
 * The take being recorded goes into the library chunk by chunk (`journal`): if the app is
 * killed mid-take, its next start keeps what was captured as a take of that beat.
 */
export function createDesktopTakeStorage(
  api: BeatroomDesktopApi,
  server: TakeStorage = serverTakeStorage,
): TakeStorage {
  return {
    journal: {
      async begin(beatId) {
        return (await api.timeline.beginRecording({ beatId })).recordingId;
      },
      async append(recordingId, chunk) {
        await api.timeline.appendRecording({ recordingId, chunk: new Uint8Array(await chunk.arrayBuffer()) });
      },
      async finish(recordingId) {
        await api.timeline.finishRecording({ recordingId });
      },
      async recovered(beatId) {
        return (await api.timeline.recoveredTakes({ beatId })).ids.map(studioTakeSource);
      },
    },

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
