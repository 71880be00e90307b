import { useMediaSession } from '../hooks/use-media-session';
import { usePlatformMediaKeys } from '../hooks/use-platform-media-keys';
import { useSpaceToPlay } from '../hooks/use-space-to-play';

/**
 * The keys that drive the player from outside it: the operating system's media keys and
 * lock-screen controls (the Media Session API in the browser, the desktop app's global media
 * keys there) and the space bar. They drive the same queue as the bar's buttons (Next and Previous walk the list a beat was played from). Mounted with the
 * player bar, which shows whenever there is a current beat: before that there is nothing for the
 * keys to do, and this code stays out of the first load.
 */
export function SystemMediaControls() {
  useMediaSession();
  usePlatformMediaKeys();
  useSpaceToPlay();
  return null;
}
