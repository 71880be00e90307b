import { useCallback } from 'react';
import { createCollabAudio, type CollabAudioKit } from '../../features/collab-session/collab-audio';
import { CollabSessionPage } from '../../features/collab-session/components/collab-session-page';
import { encodeWav } from '../../features/studio/engine/mixdown';
import { closeMicrophone, openMicrophone, startTakeRecorder } from '../../features/studio/recorder';

/** The studio's microphone, take recorder and WAV encoder, lent to the collaborative session. */
const studioKit: CollabAudioKit = {
  openMicrophone: () => openMicrophone(null),
  closeMicrophone,
  startTakeRecorder,
  encodeWav,
};

/** /studio/collaborate/{sessionCode}: the session page on the studio engine's pieces. */
export function CollabSessionRoute() {
  const createAudio = useCallback(() => createCollabAudio(studioKit), []);
  return <CollabSessionPage createAudio={createAudio} />;
}
