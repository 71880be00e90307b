import { useQueryClient } from '@tanstack/react-query';
import { beatDetailKeys } from '../../features/beat-detail/api';
import { StudioPage } from '../../features/studio/components/studio-page';
import { createRealStudioAudio } from '../../features/studio/real-studio-audio';
import { usePlatform } from '../../lib/platform';

/**
 * /studio/:beatId for a signed-in member, on the real audio engine. A saved take may be a public
 * cover: the beat page's covers are fetched again when the studio goes back there. The takes'
 * audio goes where the platform keeps it (the desktop app: its local library first).
 */
export function StudioRoute() {
  const queryClient = useQueryClient();
  const { takeStorage } = usePlatform();
  return (
    <StudioPage
      createAudio={createRealStudioAudio}
      takeStorage={takeStorage}
      onRecordingSaved={(beatId) =>
        void queryClient.invalidateQueries({ queryKey: beatDetailKeys.publicRecordings(beatId) })
      }
    />
  );
}
