import { useCallback, useRef, useState } from 'react';

/**
 * An element's height as it changes: the player bar's, so a spacer keeps the page's last content
 * above the fixed bar.
 */
export function useElementHeight() {
  const [height, setHeight] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((element: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element) return;
    const measure = () => setHeight(element.getBoundingClientRect().height);
    measure();
    observer.current = new ResizeObserver(measure);
    observer.current.observe(element);
  }, []);
  return [ref, height] as const;
}
