// How a person is named in the UI when they have not given a name. Pure functions: no I/O.

export type FallbackNameKind = 'User' | 'Producer' | 'Artist';

/** A person without a name is shown as '{kind} ' + the first 8 characters of their id. */
export function fallbackName(userId: string, kind: FallbackNameKind = 'User'): string {
  return `${kind} ${userId.slice(0, 8)}`;
}

/** The trimmed name, or the fallback name when it is missing or blank. */
export function displayName(
  name: string | null | undefined,
  userId: string,
  kind: FallbackNameKind = 'User',
): string {
  const trimmed = name?.trim();
  return trimmed ? trimmed : fallbackName(userId, kind);
}
