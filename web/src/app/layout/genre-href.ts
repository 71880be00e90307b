/** The home page filtered by a genre. */
export function genreHref(genre: string): string {
  // URLSearchParams, because a bare "R&B" would split the query at the ampersand.
  return `/?${new URLSearchParams({ genre }).toString()}`;
}
