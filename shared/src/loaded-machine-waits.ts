/**
 * How long a test waits for something to happen before it fails: `vi.waitFor`, `expect.poll`
 * and Testing Library's `findBy…`/`waitFor` in every project (their defaults are 1 s). CI shares
 * two cores with other jobs and its lanes run side by side, so a socket's answer, a timer's
 * effect or jsdom's render of a whole page can take several seconds there; a wait that holds
 * returns at once, so only a failing test waits this long.
 */
export const LOADED_MACHINE_WAIT_MS = 15_000;
