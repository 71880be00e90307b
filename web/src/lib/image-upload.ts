import { UPLOAD_FIELDS } from '@beatroom/shared/file-urls';
import { answerSchema } from './answer-checks/answer-checker';
import { apiClient } from './api-client';

const UploadResponse = answerSchema('files-contract', 'UploadResponse');

/**
 * POST /api/upload/image (multipart field `image`): answers the stored image's key, which a
 * later write (a beat's cover, a profile picture) names. The server re-encodes every image.
 */
export async function uploadImage(image: Blob, fileName: string, signal?: AbortSignal): Promise<string> {
  const body = new FormData();
  body.append(UPLOAD_FIELDS.image, image, fileName);
  const { key } = await apiClient.post('/api/upload/image', { body, schema: UploadResponse, signal });
  return key;
}
