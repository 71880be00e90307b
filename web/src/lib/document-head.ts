import { useEffect, useLayoutEffect } from 'react';

/** The site's title and description (index.html says the same before any script runs). */
export const SITE_TITLE = 'Beatroom · Premium Beat Marketplace';
export const SITE_DESCRIPTION =
  'Beatroom: premium beats from independent producers. Play, license, download and record vocals.';

function setHead(title: string, description: string) {
  document.title = title;
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = description;
}

/**
 * The page's title (and description) while it is shown: `null` while its data loads keeps
 * what the server sent. The server writes the same head into the HTML for beats and profiles
 * (server/src/modules/seo), so a reload, a crawler and a chat app all see it.
 */
export function useDocumentHead(head: { title: string; description?: string } | null): void {
  const title = head?.title ?? null;
  const description = head?.description ?? null;
  useEffect(() => {
    if (title !== null) setHead(title, description ?? SITE_DESCRIPTION);
  }, [title, description]);
}

/**
 * Puts the site's head back whenever the path changes; a page that names itself
 * (useDocumentHead) does so afterwards (its effect runs after this layout effect).
 */
export function useDefaultDocumentHead(pathname: string): void {
  useLayoutEffect(() => {
    setHead(SITE_TITLE, SITE_DESCRIPTION);
  }, [pathname]);
}
