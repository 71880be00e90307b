import { StudioPage } from '../../features/studio/components/studio-page';
import { createRealStudioAudio } from '../../features/studio/real-studio-audio';

/** /studio/:beatId for a signed-in member, on the real audio engine. */
export function StudioRoute() {
  return <StudioPage createAudio={createRealStudioAudio} />;
}
