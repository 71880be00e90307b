import { COVER_RENDITION_WIDTHS, coverRenditionKey, fileUrl } from '@beatroom/shared/file-urls';
import { apiUrl } from './api-client';

/**
 * Where a stored file (a cover, a picture, an audio file) is served, on the API's own server:
 * the page's origin on the web, the configured server in the desktop app. Null without a key.
 */
export function storedFileUrl(key: string | null | undefined): string | null {
  return key ? apiUrl(fileUrl(key)) : null;
}

/** Widest an uploaded image is stored (the original JPEG): its width in a srcset. */
const ORIGINAL_WIDTH = 800;

/** An image with the sizes the browser may choose from: `src` is the original. */
export interface ResponsiveImage {
  src: string;
  srcSet: string | undefined;
}

/**
 * An uploaded image with its 256 and 512 px WebP renditions as a srcset (their keys follow
 * from the image's key), so a card downloads what it shows. Null without a key; no srcset for
 * a key that is not an uploaded image.
 */
export function storedImage(key: string | null | undefined): ResponsiveImage | null {
  const src = storedFileUrl(key);
  if (!key || !src) return null;
  const renditions = COVER_RENDITION_WIDTHS.flatMap((width) => {
    const rendition = coverRenditionKey(key, width);
    return rendition ? [`${apiUrl(fileUrl(rendition))} ${width}w`] : [];
  });
  return {
    src,
    srcSet: renditions.length ? [...renditions, `${src} ${ORIGINAL_WIDTH}w`].join(', ') : undefined,
  };
}
