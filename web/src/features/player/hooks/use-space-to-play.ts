import { useEffect } from 'react';
import { usePlayerStore } from '../store/player-store';

/**
 * Elements where the space bar already means something: typing, choosing, pressing a focused
 * button or moving a slider. Space toggles play everywhere else.
 */
const OWNS_SPACE =
  'input, textarea, select, button, [contenteditable]:not([contenteditable="false"]), [role="button"], [role="slider"], [role="checkbox"], [role="radio"], [role="switch"], [role="menuitem"], [role="option"], [role="tab"]';

export function spaceBelongsTo(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(OWNS_SPACE) !== null;
}

/** Space toggles play/pause when no field has focus, and then does not scroll the page. */
export function useSpaceToPlay() {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== ' ' || event.repeat || event.defaultPrevented) return;
      if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return;
      if (spaceBelongsTo(event.target) || spaceBelongsTo(document.activeElement)) return;
      const { currentBeat, togglePlay } = usePlayerStore.getState();
      if (!currentBeat) return;
      event.preventDefault();
      togglePlay();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
