import { describe, expect, it } from 'vitest';
import {
  COLLABORATION_TEXTS,
  CollaborationListQuery,
  CreateCollaborationBody,
  RespondBody,
  formatDeadline,
  parseDeadline,
} from './collaborations-contract';
import { formatBudget } from './format-numbers';

const valid = {
  title: 'Need a hook singer',
  description: 'Dark trap beat, need a melodic hook.',
  request_type: 'vocalist_needed',
  skill_level: 'intermediate',
  genre: 'Trap',
  mood: 'Dark',
};
const future = new Date(Date.now() + 7 * 86_400_000).toISOString();
const past = new Date(Date.now() - 86_400_000).toISOString();
const beatId = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';

/** The first issue's message, or null when the body is valid. */
function problem(body: unknown): string | null {
  const result = CreateCollaborationBody.safeParse(body);
  return result.success ? null : result.error.issues[0]!.message;
}

describe('CreateCollaborationBody', () => {
  it.each<[string, Record<string, unknown>, string | null]>([
    ['the minimum', {}, null],
    [
      'every optional field',
      { beat_id: beatId, budget_min: 100, budget_max: 500, deadline_date: future },
      null,
    ],
    ['min only', { budget_min: 100 }, null],
    ['max only', { budget_max: 500 }, null],
    ['min equal to max', { budget_min: 300, budget_max: 300 }, null],
    ['blank optionals mean none', { beat_id: '', budget_min: '', budget_max: '', deadline_date: '' }, null],
    ['a date-only deadline far ahead', { deadline_date: '2999-12-31' }, null],
    ['min above max', { budget_min: 600, budget_max: 500 }, COLLABORATION_TEXTS.BUDGET_ORDER],
    ['a negative budget', { budget_min: -1 }, 'budget_min must not be negative'],
    ['a fractional budget', { budget_max: 10.5 }, 'budget_max must be a whole number of dollars'],
    ['a deadline in the past', { deadline_date: past }, COLLABORATION_TEXTS.DEADLINE_PAST],
    ['a date-only deadline in the past', { deadline_date: '2020-01-01' }, COLLABORATION_TEXTS.DEADLINE_PAST],
    [
      'a deadline that is no date',
      { deadline_date: 'next week' },
      'deadline_date must be a date (YYYY-MM-DD) or an ISO time',
    ],
    ['an unknown type', { request_type: 'dj_needed' }, 'Choose a request type'],
    ['an unknown skill level', { skill_level: 'legend' }, 'Choose a skill level'],
    ['a genre outside the list', { genre: 'Polka' }, 'Choose a genre'],
    ['a mood outside the list', { mood: 'Sleepy' }, 'Choose a mood'],
    ['a blank title', { title: '   ' }, 'Please enter a title'],
    ['a title too long', { title: 'x'.repeat(121) }, 'title must be at most 120 characters'],
    ['a blank description', { description: '' }, 'Please describe what you are looking for'],
    ['a beat id that is no id', { beat_id: 'beat-1' }, 'beat_id must be an id'],
  ])('%s', (_, change, expected) => {
    expect(problem({ ...valid, ...change })).toBe(expected);
  });

  it('trims the texts and turns the deadline into a date', () => {
    const body = CreateCollaborationBody.parse({ ...valid, title: '  Hook  ', deadline_date: '2999-01-02' });
    expect(body.title).toBe('Hook');
    expect(body.deadline_date).toEqual(new Date('2999-01-02T23:59:59.999Z'));
  });

  it('reads a date-only deadline as the end of that day (UTC), so today still counts', () => {
    const today = new Date().toISOString().slice(0, 10);
    expect(parseDeadline(today)).toEqual(new Date(`${today}T23:59:59.999Z`));
    expect(problem({ ...valid, deadline_date: today })).toBeNull();
  });
});

describe('RespondBody', () => {
  it.each<[string, Record<string, unknown>, boolean]>([
    ['a message', { message: 'I can sing this' }, true],
    ['a message with a take and a beat', { message: 'Listen', recording_id: beatId, beat_id: beatId }, true],
    ['a blank message', { message: '  ' }, false],
    ['no message', {}, false],
    ['a recording id that is no id', { message: 'x', recording_id: 'r1' }, false],
  ])('%s', (_, body, ok) => {
    expect(RespondBody.safeParse(body).success).toBe(ok);
  });
});

describe('CollaborationListQuery', () => {
  it.each<[Record<string, string>, { type?: string; search?: string } | null]>([
    [{}, {}],
    [{ type: 'all' }, {}],
    [{ type: '' }, {}],
    [{ type: 'producer_needed' }, { type: 'producer_needed' }],
    [{ search: '  hook  ' }, { search: 'hook' }],
    [{ search: '   ' }, {}],
    [{ type: 'everything' }, null],
    [{ search: 'x'.repeat(101) }, null],
  ])('%j', (query, expected) => {
    const result = CollaborationListQuery.safeParse(query);
    if (expected === null) expect(result.success).toBe(false);
    else expect(JSON.parse(JSON.stringify(result.data))).toEqual(expected);
  });
});

describe('formatBudget (the budget label)', () => {
  it.each<[number | null, number | null, string]>([
    [null, null, 'Budget: TBD'],
    [100, 500, 'Budget: $100 - $500'],
    [250, null, 'Budget: $250+'],
    [null, 800, 'Budget: Up to $800'],
  ])('min %s, max %s → %s', (min, max, label) => {
    expect(formatBudget(min, max)).toBe(label);
  });
});

describe('formatDeadline', () => {
  it.each([
    ['2026-12-31T23:59:59.999Z', 'Dec 31, 2026'],
    ['2027-01-01T00:00:00.000Z', 'Jan 1, 2027'],
    ['not a date', ''],
  ])('%s → %s', (iso, label) => {
    expect(formatDeadline(iso)).toBe(label);
  });
});
