import { LIMITS } from '@beatroom/shared/limits';
import { describeError } from '../../lib/error-text';
import { uploadImage } from '../../lib/image-upload';
import { resizeImageToJpeg } from '../../lib/resize-image';

/**
 * A cover ready to upload: resized in the browser to at most 800 px on the longest side and
 * re-encoded as JPEG at quality 0.8. If this browser cannot decode the image,
 * the original goes up and the server (which re-encodes every image) decides.
 */
export async function prepareCover(file: File): Promise<{ image: Blob; name: string }> {
  try {
    const image = await resizeImageToJpeg(file, {
      maxSide: LIMITS.COVER_MAX_SIDE_PX,
      quality: LIMITS.COVER_JPEG_QUALITY,
    });
    return { image, name: `${file.name.replace(/\.[^.]+$/, '') || 'cover'}.jpg` };
  } catch (error) {
    console.error(`Could not resize the cover image, uploading it as it is: ${describeError(error)}`);
    return { image: file, name: file.name };
  }
}

/** Resizes, then uploads a cover; answers its key. */
export async function uploadCover(file: File, signal?: AbortSignal): Promise<string> {
  const { image, name } = await prepareCover(file);
  return uploadImage(image, name, signal);
}
