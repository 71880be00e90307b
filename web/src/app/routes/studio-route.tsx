import { useQueryClient } from '@tanstack/react-query';
import { beatDetailKeys } from '../../features/beat-detail/api';
import { StudioPage } from '../../features/studio/components/studio-page';
import { createRealStudioAudio } from '../../features/studio/real-studio-audio';

/**
 * /studio/:beatId for a signed-in member, on the real audio engine. A saved take may be a public
 * cover: the beat page's covers are fetched again when the studio goes back there.
 */
export function StudioRoute() {
  const queryClient = useQueryClient();
  return (
    <StudioPage
      createAudio={createRealStudioAudio}
      onRecordingSaved={(beatId) =>
        void queryClient.invalidateQueries({ queryKey: beatDetailKeys.publicRecordings(beatId) })
      }
    />
  );
}
