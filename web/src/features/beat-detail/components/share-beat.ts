import type { BeatDetail } from '@beatroom/shared/beats-contract';
import { describeError } from '../../../lib/error-text';
import { showToast } from '../../../lib/toast';

/** Share: the system share sheet when there is one, otherwise the link goes to the clipboard. */
export async function shareBeat(beat: BeatDetail, url: string): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({
        title: beat.title,
        text: `${beat.title} by ${beat.producer_name} on Beatroom`,
        url,
      });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      console.error(`Share failed, copying the link instead: ${describeError(error)}`);
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    showToast({ type: 'success', title: 'Link copied', message: 'Share it anywhere.' });
  } catch (error) {
    console.error(`Failed to copy the link: ${describeError(error)}`);
    showToast({ type: 'error', title: 'Could not copy the link', message: url });
  }
}
