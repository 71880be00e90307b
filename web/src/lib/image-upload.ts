import { UPLOAD_FIELDS, UploadResponse } from '@beatroom/shared/files-contract';
import { apiClient } from './api-client';

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
