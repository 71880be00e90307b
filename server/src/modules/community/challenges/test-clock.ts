/**
 * The clock of the challenges, movable forward in end-to-end runs: a browser journey cannot wait
 * days for a challenge to end, so POST /api/test/clock (registered only when the configuration
 * says TEST_CLOCK, which loadConfig refuses in production) advances it. Everything about a
 * challenge's time (state, entering, voting, closing, server_time) reads this clock; the database's
 * own timestamps (created_at) do not, and need not.
 */
export function createMovableClock(base: () => number = Date.now) {
  let offsetMs = 0;
  const now = () => new Date(base() + offsetMs);
  return {
    now,
    advance(ms: number): Date {
      offsetMs += ms;
      return now();
    },
  };
}

export type MovableClock = ReturnType<typeof createMovableClock>;
