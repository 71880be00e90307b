import {
  COLLABORATION_LIMITS,
  COLLABORATION_TEXTS,
  type AcceptResponseResult,
  type CollaborationListQuery,
  type CollaborationListResponse,
  type CollaborationRequest,
  type CollaborationResponse,
  type CollaborationResponsesResponse,
  type CreateCollaborationInput,
} from '@beatroom/shared/collaborations-contract';
import type { DomainEvents } from '../../../events/domain-events';
import type { Tx } from '../../../db/transaction';
import { badRequest, conflict, forbidden, notFound } from '../../../http/http-errors';
import type { UserRecord } from '../../platform/users/user-record';
import type { CollaborationsRepository } from './collaborations.repository';

/**
 * What accepting needs from the collaborative sessions module: a session with the requester as
 * host and the responder invited, made inside the accepting transaction.
 */
export interface CollaborationSessions {
  createForCollaboration(
    tx: Tx,
    input: { hostId: string; guestId: string; beatId: string | null; name: string },
  ): Promise<{ id: string; session_code: string }>;
}

/**
 * The collaboration board: open requests, one response per member, the requester
 * reading and accepting responses (which opens a session for both) and closing the request.
 * Access is checked before any data is read or written.
 */
export function createCollaborationsService(deps: {
  repo: CollaborationsRepository;
  events: DomainEvents;
  sessions: CollaborationSessions;
  now?: () => Date;
}) {
  const { repo, events } = deps;
  const now = deps.now ?? (() => new Date());

  async function existing(id: string, viewerId: string | null): Promise<CollaborationRequest> {
    const request = await repo.find(id, viewerId);
    if (!request) throw notFound(COLLABORATION_TEXTS.NOT_FOUND);
    return request;
  }

  /** The request, for its requester only (403 for anyone else). */
  async function requesterOnly(user: UserRecord, id: string) {
    const row = await repo.owner(id);
    if (!row) throw notFound(COLLABORATION_TEXTS.NOT_FOUND);
    if (row.userId !== user.id) throw forbidden(COLLABORATION_TEXTS.REQUESTER_ONLY);
    return row;
  }

  return {
    async list(viewer: UserRecord | null, query: CollaborationListQuery): Promise<CollaborationListResponse> {
      return {
        collaborations: await repo.listOpen(query, viewer?.id ?? null, COLLABORATION_LIMITS.LIST_MAX),
      };
    },

    /** Any request by id, open or closed (a shared link keeps working after it closes). */
    get(viewer: UserRecord | null, id: string): Promise<CollaborationRequest> {
      return existing(id, viewer?.id ?? null);
    },

    async create(user: UserRecord, input: CreateCollaborationInput): Promise<CollaborationRequest> {
      if (input.beat_id && !(await repo.listedBeatExists(input.beat_id))) {
        throw badRequest(COLLABORATION_TEXTS.BEAT_NOT_FOUND);
      }
      return existing(await repo.create(user.id, input), user.id);
    },

    /** One response per member; never to one's own request (403) nor to a closed one (409). */
    async respond(
      user: UserRecord,
      id: string,
      input: {
        message: string;
        recording_id?: string | null | undefined;
        beat_id?: string | null | undefined;
      },
    ): Promise<CollaborationResponse> {
      const request = await repo.owner(id);
      if (!request) throw notFound(COLLABORATION_TEXTS.NOT_FOUND);
      if (request.userId === user.id) throw forbidden(COLLABORATION_TEXTS.OWN_REQUEST);
      if (request.status !== 'open') throw conflict(COLLABORATION_TEXTS.CLOSED);
      const recordingId = input.recording_id ?? null;
      const beatId = input.beat_id ?? null;
      if (recordingId) {
        const take = await repo.ownRecording(recordingId, user.id);
        if (!take) throw badRequest(COLLABORATION_TEXTS.RECORDING_NOT_YOURS);
        if (!take.isPublic) throw badRequest(COLLABORATION_TEXTS.RECORDING_PRIVATE);
      }
      if (beatId && !(await repo.beatOwnedBy(beatId, user.id))) {
        throw badRequest(COLLABORATION_TEXTS.BEAT_NOT_YOURS);
      }
      // The response and its event commit together: the requester is told of every response
      // (a notification, live), exactly once.
      const outcome = await repo.transaction(async (tx) => {
        // Under the request's lock: a request the requester closed (or accepted) a moment ago
        // takes no more responses.
        const locked = await repo.lockRequest(tx, id);
        if (!locked) throw notFound(COLLABORATION_TEXTS.NOT_FOUND);
        if (locked.status !== 'open') throw conflict(COLLABORATION_TEXTS.CLOSED);
        const created = await repo.createResponse(tx, id, user.id, {
          message: input.message,
          recordingId,
          beatId,
        });
        if (!created) throw conflict(COLLABORATION_TEXTS.ALREADY_RESPONDED);
        const eventId = await events.record(tx, {
          type: 'collaboration.responded',
          requestId: id,
          requestTitle: locked.title,
          requesterId: locked.userId,
          responderId: user.id,
        });
        return { created, eventId };
      });
      await events.deliver([outcome.eventId]);
      return outcome.created;
    },

    /** Every response for the requester; a responder's own (or none) for anyone else. */
    async responses(user: UserRecord, id: string): Promise<CollaborationResponsesResponse> {
      const request = await repo.owner(id);
      if (!request) throw notFound(COLLABORATION_TEXTS.NOT_FOUND);
      const mine = request.userId === user.id;
      return { responses: await repo.responses(id, mine ? undefined : user.id) };
    },

    /**
     * The requester accepts one response: in one transaction the response is accepted, the
     * request closes, a collaborative session opens for both and collaboration.started is
     * written to the outbox. The request's row is locked first, so two accepts (two tabs) queue:
     * the second finds it closed (409), or, for the same response, answers the same session.
     */
    async accept(user: UserRecord, id: string, responseId: string): Promise<AcceptResponseResult> {
      await requesterOnly(user, id);
      const outcome = await repo.transaction(async (tx) => {
        const request = await repo.lockRequest(tx, id);
        if (!request) throw notFound(COLLABORATION_TEXTS.NOT_FOUND);
        const response = await repo.responseIn(tx, id, responseId);
        if (!response) throw notFound(COLLABORATION_TEXTS.RESPONSE_NOT_FOUND);
        if (response.status === 'accepted' && response.sessionId && response.sessionCode) {
          return { session: { id: response.sessionId, session_code: response.sessionCode }, eventId: null };
        }
        if (request.status !== 'open') throw conflict(COLLABORATION_TEXTS.CLOSED);
        const session = await deps.sessions.createForCollaboration(tx, {
          hostId: request.userId,
          guestId: response.userId,
          beatId: request.beatId,
          name: request.title,
        });
        const at = now();
        await repo.markAccepted(tx, responseId, session, at);
        await repo.close(tx, id, at);
        const eventId = await events.record(tx, {
          type: 'collaboration.started',
          requestId: id,
          requestTitle: request.title,
          requesterId: request.userId,
          responderId: response.userId,
          sessionId: session.id,
        });
        return { session, eventId };
      });
      // Delivered now so the feed shows it at once; if that fails the outbox retries.
      if (outcome.eventId) await events.deliver([outcome.eventId]);
      const response = await repo.response(responseId);
      if (!response) throw notFound(COLLABORATION_TEXTS.RESPONSE_NOT_FOUND);
      return { response, session_id: outcome.session.id, session_code: outcome.session.session_code };
    },

    /** Account deletion, inside its transaction. */
    removeAll: (tx: Tx, userId: string) => repo.removeAll(tx, userId),

    /** The requester takes the request off the board; closing twice changes nothing. */
    async close(user: UserRecord, id: string): Promise<CollaborationRequest> {
      await requesterOnly(user, id);
      await repo.transaction(async (tx) => {
        await repo.lockRequest(tx, id);
        await repo.close(tx, id, now());
      });
      return existing(id, user.id);
    },
  };
}

export type CollaborationsService = ReturnType<typeof createCollaborationsService>;
