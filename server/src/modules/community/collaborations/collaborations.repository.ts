import type {
  CollaborationRequest,
  CollaborationResponse,
  CreateCollaborationInput,
} from '@beatroom/shared/collaborations-contract';
import { avatarUrl } from '@beatroom/shared/files-contract';
import { displayName } from '@beatroom/shared/format-names';
import { recordingAudioUrl } from '@beatroom/shared/recordings-contract';
import type { Tx } from '../../../db/transaction';
import { userPersonSelect } from '../../../db/user-columns';
import { Prisma, type PrismaClient } from '../../../generated/prisma/client';

type Person = Prisma.UserGetPayload<{ select: typeof userPersonSelect }>;

const person = (user: Person) => ({
  name: displayName(user.profile?.displayName ?? user.name, user.id),
  avatar: avatarUrl(user.profile?.profileImageKey, user.picture),
});

/** The request's columns, its requester, beat and response count, and the viewer's own response. */
function requestSelect(viewerId: string | null) {
  return {
    id: true,
    title: true,
    description: true,
    requestType: true,
    skillLevel: true,
    genre: true,
    mood: true,
    beatId: true,
    budgetMin: true,
    budgetMax: true,
    deadlineDate: true,
    status: true,
    closedAt: true,
    createdAt: true,
    user: { select: userPersonSelect },
    beat: { select: { title: true, coverImageKey: true } },
    _count: { select: { responses: true } },
    // No viewer: a filter nothing matches, so the shape stays the same.
    responses: {
      where: { userId: viewerId ?? '00000000-0000-0000-0000-000000000000' },
      select: { id: true },
    },
  } as const satisfies Prisma.CollaborationRequestSelect;
}
type RequestRow = Prisma.CollaborationRequestGetPayload<{ select: ReturnType<typeof requestSelect> }>;

function toRequest(row: RequestRow): CollaborationRequest {
  const requester = person(row.user);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    request_type: row.requestType as CollaborationRequest['request_type'],
    skill_level: row.skillLevel as CollaborationRequest['skill_level'],
    genre: row.genre,
    mood: row.mood,
    beat_id: row.beatId,
    beat_title: row.beat?.title ?? null,
    beat_cover_image_key: row.beat?.coverImageKey ?? null,
    budget_min: row.budgetMin,
    budget_max: row.budgetMax,
    deadline_date: row.deadlineDate?.toISOString() ?? null,
    requester_user_id: row.user.id,
    requester_name: requester.name,
    requester_avatar: requester.avatar,
    response_count: row._count.responses,
    status: row.status as CollaborationRequest['status'],
    closed_at: row.closedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    current_user_response_id: row.responses[0]?.id ?? null,
  };
}

const responseSelect = {
  id: true,
  requestId: true,
  message: true,
  status: true,
  sessionCode: true,
  createdAt: true,
  user: { select: userPersonSelect },
  recording: { select: { id: true, recordingName: true } },
  beat: { select: { id: true, title: true } },
} as const satisfies Prisma.CollaborationResponseSelect;
type ResponseRow = Prisma.CollaborationResponseGetPayload<{ select: typeof responseSelect }>;

function toResponse(row: ResponseRow): CollaborationResponse {
  const responder = person(row.user);
  return {
    id: row.id,
    request_id: row.requestId,
    user_id: row.user.id,
    user_name: responder.name,
    user_avatar: responder.avatar,
    message: row.message,
    recording: row.recording
      ? {
          id: row.recording.id,
          recording_name: row.recording.recordingName,
          audio_url: recordingAudioUrl(row.recording.id),
        }
      : null,
    beat: row.beat,
    status: row.status as CollaborationResponse['status'],
    session_code: row.sessionCode,
    created_at: row.createdAt.toISOString(),
  };
}

/** What the service decides on, read inside the accepting transaction. */
export interface LockedRequest {
  id: string;
  userId: string;
  title: string;
  beatId: string | null;
  status: string;
}

/** The board's requests and their responses: the only file touching the collaboration tables. */
export function createCollaborationsRepository(prisma: PrismaClient) {
  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return prisma.$transaction(work, { maxWait: 30_000, timeout: 30_000 });
    },

    /** Open requests, newest first, of one type and/or matching the search. */
    async listOpen(
      filter: { type?: string | undefined; search?: string | undefined },
      viewerId: string | null,
      take: number,
    ): Promise<CollaborationRequest[]> {
      const where: Prisma.CollaborationRequestWhereInput = { status: 'open', user: { deletedAt: null } };
      if (filter.type) where.requestType = filter.type;
      if (filter.search) {
        const contains = { contains: filter.search, mode: 'insensitive' } as const;
        where.OR = [{ title: contains }, { description: contains }, { genre: contains }, { mood: contains }];
      }
      const rows = await prisma.collaborationRequest.findMany({
        where,
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take,
        select: requestSelect(viewerId),
      });
      return rows.map(toRequest);
    },

    async find(id: string, viewerId: string | null): Promise<CollaborationRequest | null> {
      const row = await prisma.collaborationRequest.findUnique({
        where: { id },
        select: requestSelect(viewerId),
      });
      return row ? toRequest(row) : null;
    },

    async create(userId: string, input: CreateCollaborationInput): Promise<string> {
      const row = await prisma.collaborationRequest.create({
        data: {
          userId,
          title: input.title,
          description: input.description,
          requestType: input.request_type,
          skillLevel: input.skill_level,
          genre: input.genre,
          mood: input.mood,
          beatId: input.beat_id ?? null,
          budgetMin: input.budget_min ?? null,
          budgetMax: input.budget_max ?? null,
          deadlineDate: input.deadline_date ?? null,
        },
        select: { id: true },
      });
      return row.id;
    },

    /** A beat anyone may point at: on the catalogue, not delisted. */
    async listedBeatExists(beatId: string): Promise<boolean> {
      return (await prisma.beat.count({ where: { id: beatId, delistedAt: null } })) > 0;
    },

    async beatOwnedBy(beatId: string, userId: string): Promise<boolean> {
      return (await prisma.beat.count({ where: { id: beatId, userId } })) > 0;
    },

    /** The caller's own take and whether everyone may play it; null when it is not theirs. */
    async ownRecording(recordingId: string, userId: string): Promise<{ isPublic: boolean } | null> {
      return prisma.recording.findFirst({ where: { id: recordingId, userId }, select: { isPublic: true } });
    },

    /** Requester and status of a request, or null when there is none. */
    async owner(id: string): Promise<{ userId: string; status: string } | null> {
      return prisma.collaborationRequest.findUnique({
        where: { id },
        select: { userId: true, status: true },
      });
    },

    /**
     * The new response, or null when this member already responded (even concurrently: the
     * unique index; `tx` is aborted then).
     */
    async createResponse(
      tx: Tx,
      requestId: string,
      userId: string,
      input: { message: string; recordingId: string | null; beatId: string | null },
    ): Promise<CollaborationResponse | null> {
      try {
        const row = await tx.collaborationResponse.create({
          data: {
            requestId,
            userId,
            message: input.message,
            recordingId: input.recordingId,
            beatId: input.beatId,
          },
          select: responseSelect,
        });
        return toResponse(row);
      } catch (error) {
        if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') return null;
        throw error;
      }
    },

    /** Oldest first (the order they came in); only `userId`'s when given. */
    async responses(requestId: string, userId?: string): Promise<CollaborationResponse[]> {
      const rows = await prisma.collaborationResponse.findMany({
        where: { requestId, ...(userId ? { userId } : {}) },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        select: responseSelect,
      });
      return rows.map(toResponse);
    },

    /** The request's row, locked until `tx` ends: accepts and closes of one request queue up. */
    async lockRequest(tx: Tx, id: string): Promise<LockedRequest | null> {
      const [row] = await tx.$queryRaw<LockedRequest[]>`
        SELECT id::text, user_id::text AS "userId", title, beat_id::text AS "beatId", status
        FROM collaboration_requests WHERE id = ${id}::uuid FOR UPDATE`;
      return row ?? null;
    },

    async responseIn(
      tx: Tx,
      requestId: string,
      responseId: string,
    ): Promise<{
      userId: string;
      status: string;
      sessionId: string | null;
      sessionCode: string | null;
    } | null> {
      return tx.collaborationResponse.findFirst({
        where: { id: responseId, requestId },
        select: { userId: true, status: true, sessionId: true, sessionCode: true },
      });
    },

    async markAccepted(tx: Tx, responseId: string, session: { id: string; session_code: string }, now: Date) {
      await tx.collaborationResponse.update({
        where: { id: responseId },
        data: {
          status: 'accepted',
          acceptedAt: now,
          sessionId: session.id,
          sessionCode: session.session_code,
        },
      });
    },

    async close(tx: Tx, id: string, now: Date): Promise<void> {
      await tx.collaborationRequest.updateMany({
        where: { id, status: 'open' },
        data: { status: 'closed', closedAt: now },
      });
    },

    /** Account deletion: the user's requests (with their responses) and their own responses. */
    async removeAll(tx: Tx, userId: string): Promise<void> {
      await tx.collaborationResponse.deleteMany({ where: { userId } });
      await tx.collaborationRequest.deleteMany({ where: { userId } });
    },

    async response(responseId: string): Promise<CollaborationResponse | null> {
      const row = await prisma.collaborationResponse.findUnique({
        where: { id: responseId },
        select: responseSelect,
      });
      return row ? toResponse(row) : null;
    },
  };
}

export type CollaborationsRepository = ReturnType<typeof createCollaborationsRepository>;
