// What a served page carries for the app's first render, beside the server-rendered first screen
// in #root: data the app would otherwise ask for as soon as it starts. Only types and a name here,
// no zod: the web app reads it on its first load.
import type { BeatCard } from './beat-list-contract';

/** The id of the `<script type="application/json">` element that holds the data. */
export const FIRST_SCREEN_DATA_ID = 'first-screen-data';

export interface FirstScreenData {
  /**
   * Home: the catalogue's first page as GET /api/beats answers it with no filters (the newest
   * first, a full page), and when the server read it (epoch ms): the app starts from it instead
   * of showing a skeleton, and asks again once it is as old as any other cached answer.
   */
  catalogue?: { beats: BeatCard[]; read_at: number };
}
