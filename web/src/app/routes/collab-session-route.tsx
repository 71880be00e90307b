import { useCallback } from 'react';
import { createCollabAudio, type CollabAudioKit } from '../../features/collab-session/collab-audio';
import { CollabSessionPage } from '../../features/collab-session/components/collab-session-page';
import { scheduleSlices } from '../../features/studio/engine/arrangement-schedule';
import { encodeWav } from '../../features/studio/engine/mixdown';
import { closeMicrophone, openMicrophone, startTakeRecorder } from '../../features/studio/recorder';
import { peaksInWorker } from '../../features/studio/timeline/take-peaks';
import { TimelineView } from '../../features/studio/timeline/timeline-view';

/**
 * The studio's microphone, take recorder, WAV encoder, timeline scheduler and waveform peaks,
 * lent to the collaborative session.
 */
const studioKit: CollabAudioKit = {
  openMicrophone: () => openMicrophone(null),
  closeMicrophone,
  startTakeRecorder,
  encodeWav,
  scheduleSlices,
  peaks: (buffer) => peaksInWorker(buffer.getChannelData(0), buffer.sampleRate),
};

/** /studio/collaborate/{sessionCode}: the session page on the studio engine and its timeline. */
export function CollabSessionRoute() {
  const createAudio = useCallback(() => createCollabAudio(studioKit), []);
  return <CollabSessionPage createAudio={createAudio} Timeline={TimelineView} />;
}
