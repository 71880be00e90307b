// HTTP contract of the collaboration board: requests, their budget label and who may act on them.
// The list call is the documented one; posting, responding, accepting and closing are ours, described here.
import { z } from 'zod';
import { GENRES, MOODS } from './catalogue-constants';
import { optionValues } from './option-values';
import { blankToNull, blankToUndefined, text } from './text-fields';

/** The request types with the board's filter labels. */
export const COLLABORATION_TYPES = [
  { value: 'vocalist_needed', label: 'Vocalist Needed' },
  { value: 'producer_needed', label: 'Producer Needed' },
  { value: 'collaboration_offer', label: 'Open Collab' },
] as const;
export const COLLABORATION_TYPE_VALUES = optionValues(COLLABORATION_TYPES);
export type CollaborationType = (typeof COLLABORATION_TYPE_VALUES)[number];

export const SKILL_LEVELS = [
  { value: 'beginner', label: 'Beginner' },
  { value: 'intermediate', label: 'Intermediate' },
  { value: 'advanced', label: 'Advanced' },
  { value: 'professional', label: 'Professional' },
] as const;
export const SKILL_LEVEL_VALUES = optionValues(SKILL_LEVELS);
export type SkillLevel = (typeof SKILL_LEVEL_VALUES)[number];

/** open: on the board, taking responses. closed: by its requester, or once a response was accepted. */
export const COLLABORATION_STATUSES = ['open', 'closed'] as const;
export const RESPONSE_STATUSES = ['pending', 'accepted'] as const;

export const collaborationTypeLabel = (type: string): string =>
  COLLABORATION_TYPES.find((t) => t.value === type)?.label ?? type;
export const skillLevelLabel = (level: string): string =>
  SKILL_LEVELS.find((s) => s.value === level)?.label ?? level;

/** Sizes of our choosing. Budgets are whole US dollars (see formatBudget). */
export const COLLABORATION_LIMITS = {
  TITLE_MAX: 120,
  DESCRIPTION_MAX: 2000,
  MESSAGE_MAX: 2000,
  SEARCH_MAX: 100,
  BUDGET_MAX: 1_000_000,
  /** The board shows the newest open requests, at most this many. */
  LIST_MAX: 100,
} as const;

/** Answers the server gives and the screens show. */
export const COLLABORATION_TEXTS = {
  NOT_FOUND: 'Collaboration request not found',
  RESPONSE_NOT_FOUND: 'Response not found',
  OWN_REQUEST: 'You cannot respond to your own request',
  ALREADY_RESPONDED: 'You have already responded to this request',
  CLOSED: 'This request is closed',
  REQUESTER_ONLY: 'Only the requester can do this',
  RECORDING_NOT_YOURS: 'recording_id must be one of your recordings',
  /** A private take plays only for its owner, so the requester could not hear it. */
  RECORDING_PRIVATE: 'Only a public recording can be attached, so the requester can play it',
  BEAT_NOT_YOURS: 'beat_id must be one of your beats',
  BEAT_NOT_FOUND: 'beat_id must be a beat on Beatroom',
  BUDGET_ORDER: 'The minimum budget must not be more than the maximum',
  DEADLINE_PAST: 'The deadline must be in the future',
} as const;

// ---------------------------------------------------------------------------------------------
// Objects
// ---------------------------------------------------------------------------------------------

/**
 * A request as the board and its page show it: the request's fields, plus its beat's id and cover,
 * its status, and the caller's own response (null signed out or without one) so the screens
 * can hide Respond.
 */
export const CollaborationRequest = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  request_type: z.enum(COLLABORATION_TYPE_VALUES),
  skill_level: z.enum(SKILL_LEVEL_VALUES),
  genre: z.string(),
  mood: z.string(),
  beat_id: z.string().nullable(),
  beat_title: z.string().nullable(),
  beat_cover_image_key: z.string().nullable(),
  budget_min: z.number().int().nullable(),
  budget_max: z.number().int().nullable(),
  deadline_date: z.string().nullable(),
  requester_user_id: z.string(),
  requester_name: z.string(),
  requester_avatar: z.string().nullable(),
  response_count: z.number().int().min(0),
  status: z.enum(COLLABORATION_STATUSES),
  closed_at: z.string().nullable(),
  created_at: z.string(),
  current_user_response_id: z.string().nullable(),
});
export type CollaborationRequest = z.infer<typeof CollaborationRequest>;

/**
 * A response. The requester sees every response to their request; a responder sees only their
 * own. session_code is set once accepted: both go to /studio/collaborate/{session_code}.
 */
export const CollaborationResponse = z.object({
  id: z.string(),
  request_id: z.string(),
  user_id: z.string(),
  user_name: z.string(),
  user_avatar: z.string().nullable(),
  message: z.string(),
  recording: z.object({ id: z.string(), recording_name: z.string(), audio_url: z.string() }).nullable(),
  beat: z.object({ id: z.string(), title: z.string() }).nullable(),
  status: z.enum(RESPONSE_STATUSES),
  session_code: z.string().nullable(),
  created_at: z.string(),
});
export type CollaborationResponse = z.infer<typeof CollaborationResponse>;

// ---------------------------------------------------------------------------------------------
// Calls
// ---------------------------------------------------------------------------------------------

/**
 * GET /api/collaborations?type=&search= → the open requests, newest first. type omitted (or
 * 'all') is every type; search matches title, description, genre and mood, ignoring case.
 */
export const CollaborationListQuery = z.object({
  type: z.preprocess(
    (value) => (value === '' || value === 'all' ? undefined : value),
    z.enum(COLLABORATION_TYPE_VALUES).optional(),
  ),
  search: z.preprocess(
    (value) => (typeof value === 'string' ? blankToUndefined(value.trim()) : value),
    text()
      .max(
        COLLABORATION_LIMITS.SEARCH_MAX,
        `search must be at most ${COLLABORATION_LIMITS.SEARCH_MAX} characters`,
      )
      .optional(),
  ),
});
export type CollaborationListQuery = z.infer<typeof CollaborationListQuery>;

export const CollaborationListResponse = z.object({ collaborations: z.array(CollaborationRequest) });
export type CollaborationListResponse = z.infer<typeof CollaborationListResponse>;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A deadline from a date picker ('2026-12-31', meaning the end of that day in UTC, so today
 * still counts) or a full ISO time. Anything else stays a string and fails the date check.
 */
export function parseDeadline(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const iso = DATE_ONLY.test(trimmed) ? `${trimmed}T23:59:59.999Z` : trimmed;
  if (!z.iso.datetime({ offset: true }).safeParse(iso).success) return value;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? value : date;
}

const budget = (label: string) =>
  z.preprocess(
    (value) => (value === '' ? null : value),
    z
      .number({ error: `${label} must be a whole number of dollars` })
      .int(`${label} must be a whole number of dollars`)
      .min(0, `${label} must not be negative`)
      .max(COLLABORATION_LIMITS.BUDGET_MAX, `${label} must be at most ${COLLABORATION_LIMITS.BUDGET_MAX}`)
      .nullable()
      .optional(),
  );

/**
 * POST /api/collaborations ("Post Request"): 201 with the request. Genre and mood come from the
 * catalogue's lists; the beat, budgets and deadline are optional; budget_min ≤ budget_max; the
 * deadline lies in the future.
 */
export const CreateCollaborationBody = z
  .object({
    title: text({ error: 'title is required' })
      .trim()
      .min(1, 'Please enter a title')
      .max(
        COLLABORATION_LIMITS.TITLE_MAX,
        `title must be at most ${COLLABORATION_LIMITS.TITLE_MAX} characters`,
      ),
    description: text({ error: 'description is required' })
      .trim()
      .min(1, 'Please describe what you are looking for')
      .max(
        COLLABORATION_LIMITS.DESCRIPTION_MAX,
        `description must be at most ${COLLABORATION_LIMITS.DESCRIPTION_MAX} characters`,
      ),
    request_type: z.enum(COLLABORATION_TYPE_VALUES, { error: 'Choose a request type' }),
    skill_level: z.enum(SKILL_LEVEL_VALUES, { error: 'Choose a skill level' }),
    genre: z.enum(GENRES, { error: 'Choose a genre' }),
    mood: z.enum(MOODS, { error: 'Choose a mood' }),
    beat_id: z.preprocess(blankToNull, z.uuid('beat_id must be an id').nullable().optional()),
    budget_min: budget('budget_min'),
    budget_max: budget('budget_max'),
    deadline_date: z.preprocess(
      parseDeadline,
      z
        .date({ error: 'deadline_date must be a date (YYYY-MM-DD) or an ISO time' })
        .refine((date) => date.getTime() > Date.now(), COLLABORATION_TEXTS.DEADLINE_PAST)
        .nullable()
        .optional(),
    ),
  })
  .refine(
    (body) => body.budget_min == null || body.budget_max == null || body.budget_min <= body.budget_max,
    { path: ['budget_max'], message: COLLABORATION_TEXTS.BUDGET_ORDER },
  );
export type CreateCollaborationBody = z.input<typeof CreateCollaborationBody>;
export type CreateCollaborationInput = z.output<typeof CreateCollaborationBody>;

/** POST /api/collaborations/{id}/responses ("Respond"): a message, optionally one's own take or beat. */
export const RespondBody = z.object({
  message: text({ error: 'message is required' })
    .trim()
    .min(1, 'Please enter a message')
    .max(
      COLLABORATION_LIMITS.MESSAGE_MAX,
      `message must be at most ${COLLABORATION_LIMITS.MESSAGE_MAX} characters`,
    ),
  recording_id: z.preprocess(blankToNull, z.uuid('recording_id must be an id').nullable().optional()),
  beat_id: z.preprocess(blankToNull, z.uuid('beat_id must be an id').nullable().optional()),
});
export type RespondBody = z.input<typeof RespondBody>;

/** GET /api/collaborations/{id}/responses: all of them for the requester, one's own otherwise. */
export const CollaborationResponsesResponse = z.object({ responses: z.array(CollaborationResponse) });
export type CollaborationResponsesResponse = z.infer<typeof CollaborationResponsesResponse>;

/**
 * POST /api/collaborations/{id}/responses/{responseId}/accept: the request closes and a
 * collaborative session opens for both (the requester hosts). Accepting the same response
 * again answers the same session.
 */
export const AcceptResponseResult = z.object({
  response: CollaborationResponse,
  session_id: z.string(),
  session_code: z.string(),
});
export type AcceptResponseResult = z.infer<typeof AcceptResponseResult>;

/** Where an accepted collaboration's session is. */
export const collaborationSessionPath = (sessionCode: string) =>
  `/studio/collaborate/${encodeURIComponent(sessionCode)}`;

/**
 * A deadline as the board shows it: 'Dec 31, 2026'. Deadlines are whole days kept as the end of
 * that day in UTC, so the day is read in UTC (in a local zone east of UTC it would show the next
 * day). An invalid value gives ''.
 */
export function formatDeadline(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
