import { UploadPage } from '../../features/upload/components/upload-page';
import { useBeatChanges } from '../beat-changes';

/** /upload: a new beat refreshes the catalogue and the uploader's profile. */
export function UploadRoute() {
  const changes = useBeatChanges();
  return <UploadPage onCreated={changes.created} />;
}
