import { BeatListQuery, type BeatCard } from '@beatroom/shared/beat-list-contract';
import type { BeatDetail } from '@beatroom/shared/beats-contract';
import type { ProfileResponse } from '@beatroom/shared/community-contract';
import type { FirstScreenData } from '@beatroom/shared/first-screen-data';
import { LIMITS, UI } from '@beatroom/shared/limits';
import { HttpError } from '../../../http/http-errors';
import type { Html } from './html';
import { beatScreen, homeScreen, notFoundScreen, profileScreen } from './prerender.templates';

/** What a page's HTML carries before its script runs, and the status it answers with. */
export interface FirstScreen {
  markup: Html;
  status: 200 | 404;
  /** Data the app starts from instead of asking for it (embedded as JSON beside #root). */
  data?: FirstScreenData;
}

/** The services the first screens read through (the same the API routes use). */
export interface PrerenderDeps {
  beats: {
    cards(query: BeatListQuery): Promise<readonly BeatCard[]>;
    get(id: string): Promise<BeatDetail>;
  };
  profiles: { getProfile(viewer: null, userId: string): Promise<ProfileResponse> };
}

/** The home grid's first request (web/src/features/catalogue/api.ts): the same cached page. */
const HOME_QUERY = BeatListQuery.parse({ limit: LIMITS.BEAT_LIST_DEFAULT_LIMIT });

function isNotFound(error: unknown): boolean {
  return error instanceof HttpError && error.statusCode === 404;
}

/**
 * The server-rendered first screen of `/`, `/beat/{id}` and `/profile/{id}`: what a
 * signed-out visitor first sees, so a phone paints it before the JavaScript arrives. Read as a
 * visitor (a profile's header is public; its stats and lists are not rendered here). Other
 * pages get none (null): the app renders them as before.
 */
export function createPrerenderService(deps: PrerenderDeps) {
  async function beat(id: string): Promise<FirstScreen> {
    try {
      return { markup: beatScreen(await deps.beats.get(id)), status: 200 };
    } catch (error) {
      if (isNotFound(error)) return { markup: notFoundScreen('Beat'), status: 404 };
      throw error;
    }
  }

  async function profile(id: string): Promise<FirstScreen> {
    try {
      return { markup: profileScreen(await deps.profiles.getProfile(null, id)), status: 200 };
    } catch (error) {
      if (isNotFound(error)) return { markup: notFoundScreen('Profile'), status: 404 };
      throw error;
    }
  }

  return {
    async firstScreen(pathname: string, search: string): Promise<FirstScreen | null> {
      if (pathname === '/') {
        // A filtered catalogue (?genre=, ?free=) starts with other cards: the hero alone then.
        if (search) return { markup: homeScreen(null), status: 200 };
        const page = await deps.beats.cards(HOME_QUERY);
        return {
          markup: homeScreen(page.slice(0, UI.GRID_COLUMNS)),
          status: 200,
          // The whole first page: the app's first render shows these cards (the same covers the
          // HTML is already fetching) rather than a skeleton until its own request returns. The
          // cards are read from the API's own answer for that page (beats.cards), so they are
          // what GET /api/beats sends, with no second validation on every home visit.
          data: { catalogue: { beats: page.slice(), read_at: Date.now() } },
        };
      }
      const beatPath = /^\/beats?\/([^/]+)\/?$/.exec(pathname);
      if (beatPath) return beat(decodeSegment(beatPath[1]!));
      const profilePath = /^\/profile\/([^/]+)\/?$/.exec(pathname);
      if (profilePath) return profile(decodeSegment(profilePath[1]!));
      return null;
    },
  };
}

/** A path segment decoded; one that is not valid percent-encoding stays as it is (a 404). */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export type PrerenderService = ReturnType<typeof createPrerenderService>;
