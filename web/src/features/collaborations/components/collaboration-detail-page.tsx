import type { SessionUser } from '@beatroom/shared/auth-contract';
import {
  collaborationSessionPath,
  type CollaborationRequest,
  type CollaborationResponse,
} from '@beatroom/shared/collaborations-contract';
import { formatTimeAgo } from '@beatroom/shared/format-dates';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, Disc3, Handshake, Lock } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Avatar } from '../../../components/ui/avatar';
import { BackButton } from '../../../components/ui/back-button';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PanelSection } from '../../../components/ui/panel-section';
import { isApiError } from '../../../lib/api-client';
import { serverErrorText } from '../../../lib/error-text';
import { showToast } from '../../../lib/toast';
import { useSession } from '../../session/hooks/use-session';
import {
  acceptResponse,
  closeRequest,
  collaborationKeys,
  collaborationQueryOptions,
  responsesQueryOptions,
} from '../api';
import { RequestBadges, RequestFacts } from './collaboration-card';
import { RespondButton } from './respond-button';

/** One response: who, when, the message, what they attached, and (for the requester) Accept. */
function ResponseItem({
  response,
  onAccept,
  accepting,
}: {
  response: CollaborationResponse;
  onAccept?: (() => void) | undefined;
  accepting?: boolean;
}) {
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-line bg-surface/60 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <Link
          to={`/profile/${encodeURIComponent(response.user_id)}`}
          className="flex items-center gap-2 font-semibold hover:underline"
        >
          <Avatar src={response.user_avatar} name={response.user_name} size={32} />
          {response.user_name}
        </Link>
        <time dateTime={response.created_at} className="text-xs text-muted">
          {formatTimeAgo(response.created_at)}
        </time>
        {response.status === 'accepted' ? (
          <span className="ml-auto inline-flex items-center gap-1 rounded-full bg-emerald-500/15 px-2.5 py-0.5 text-xs font-semibold text-emerald-300">
            <CircleCheck aria-hidden="true" className="size-3.5" />
            Accepted
          </span>
        ) : null}
      </div>
      <p className="text-sm break-words whitespace-pre-line">{response.message}</p>
      {response.recording ? (
        <div className="flex flex-col gap-1">
          <p className="text-xs text-muted">Recording: {response.recording.recording_name}</p>
          <audio
            controls
            preload="none"
            src={response.recording.audio_url}
            className="w-full"
            aria-label={`Play ${response.recording.recording_name}`}
          />
        </div>
      ) : null}
      {response.beat ? (
        <Link
          to={`/beats/${encodeURIComponent(response.beat.id)}`}
          className="flex items-center gap-1.5 text-sm text-accent hover:underline"
        >
          <Disc3 aria-hidden="true" className="size-4" />
          {response.beat.title}
        </Link>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {response.session_code ? (
          <Link
            to={collaborationSessionPath(response.session_code)}
            className={buttonClasses({ size: 'sm' })}
          >
            Open Session
          </Link>
        ) : null}
        {onAccept ? (
          <Button
            size="sm"
            onClick={onAccept}
            disabled={accepting}
            aria-label={`Accept ${response.user_name}`}
          >
            {accepting ? 'Opening session...' : 'Accept'}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** The responses: every one for the requester (with Accept and Close), one's own for a responder. */
function Responses({ request, user }: { request: CollaborationRequest; user: SessionUser }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const isRequester = user.id === request.requester_user_id;
  const responses = useQuery(responsesQueryOptions(request.id));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: collaborationKeys.all });

  const accept = useMutation({
    mutationFn: (responseId: string) => acceptResponse(request.id, responseId),
    onSuccess: (result) => {
      refresh();
      void navigate(collaborationSessionPath(result.session_code));
    },
    onError: (error) =>
      showToast({ type: 'error', title: serverErrorText(error) ?? 'Failed to accept the response' }),
  });
  const close = useMutation({
    mutationFn: () => closeRequest(request.id),
    onSuccess: (closed) => {
      queryClient.setQueryData(collaborationKeys.detail(request.id), closed);
      refresh();
      showToast({ type: 'success', title: 'Request closed', message: 'It no longer shows on the board.' });
    },
    onError: (error) =>
      showToast({ type: 'error', title: serverErrorText(error) ?? 'Failed to close the request' }),
  });

  if (!isRequester && !request.current_user_response_id) return null;
  const list = responses.data ?? [];
  const open = request.status === 'open';

  return (
    <PanelSection
      title={isRequester ? `Responses (${request.response_count})` : 'Your response'}
      actions={
        isRequester && open ? (
          <Button variant="secondary" size="sm" onClick={() => close.mutate()} disabled={close.isPending}>
            Close Request
          </Button>
        ) : undefined
      }
    >
      {responses.isPending ? (
        <div
          role="status"
          aria-label="Loading responses"
          className="mt-3 h-24 animate-pulse rounded-2xl bg-fg/5"
        />
      ) : responses.isError ? (
        <ErrorState compact title="Responses could not be loaded" onRetry={() => void responses.refetch()} />
      ) : list.length === 0 ? (
        <p className="mt-3 text-sm text-muted">No responses yet. Members who answer show up here.</p>
      ) : (
        <ul aria-label="Responses" className="mt-3 flex flex-col gap-3">
          {list.map((response) => (
            <ResponseItem
              key={response.id}
              response={response}
              onAccept={
                isRequester && open && response.status === 'pending'
                  ? () => accept.mutate(response.id)
                  : undefined
              }
              accepting={accept.isPending && accept.variables === response.id}
            />
          ))}
        </ul>
      )}
    </PanelSection>
  );
}

/**
 * /collaborations/{id}: the request in full, Respond for members other than the requester, and
 * the responses: the requester's Accept (which opens a live session for both and goes there) and
 * Close; a responder's own response with its session once accepted.
 */
export function CollaborationDetailPage() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const request = useQuery(collaborationQueryOptions(id));

  if (request.isPending) {
    return (
      <div role="status" aria-label="Loading request" className="h-72 animate-pulse rounded-3xl bg-fg/5" />
    );
  }
  if (request.isError) {
    if (isApiError(request.error, 404)) {
      return (
        <EmptyState Icon={Handshake} title="Request not found" message="It may have been removed.">
          <Link to="/collaborations" className={buttonClasses()}>
            Browse Collaborations
          </Link>
        </EmptyState>
      );
    }
    return (
      <ErrorState
        isPageTitle
        title="This request could not be loaded"
        onRetry={() => void request.refetch()}
        retrying={request.isFetching}
      />
    );
  }
  const data = request.data;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <BackButton fallbackTo="/collaborations" />
      </div>
      <article className="flex flex-col gap-4 rounded-3xl border border-line bg-surface/60 p-5 sm:p-6">
        <RequestBadges request={data}>
          {data.status === 'closed' ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-fg/10 px-2.5 py-0.5 text-xs font-semibold">
              <Lock aria-hidden="true" className="size-3" />
              Closed
            </span>
          ) : null}
        </RequestBadges>
        <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{data.title}</h1>
        <Link
          to={`/profile/${encodeURIComponent(data.requester_user_id)}`}
          className="flex items-center gap-2 self-start text-sm hover:underline"
        >
          <Avatar src={data.requester_avatar} name={data.requester_name} size={28} />
          {data.requester_name}
          <span className="text-muted">· {formatTimeAgo(data.created_at)}</span>
        </Link>
        <p className="text-sm break-words whitespace-pre-line">{data.description}</p>
        <p className="text-sm text-muted">
          {data.genre} · {data.mood}
        </p>
        {data.beat_id && data.beat_title ? (
          <Link
            to={`/beats/${encodeURIComponent(data.beat_id)}`}
            className="flex items-center gap-1.5 self-start text-sm text-accent hover:underline"
          >
            <Disc3 aria-hidden="true" className="size-4" />
            {data.beat_title}
          </Link>
        ) : null}
        <RequestFacts request={data} />
        <div className="flex flex-wrap gap-2">
          <RespondButton request={data} user={user} />
        </div>
      </article>
      {user ? <Responses request={data} user={user} /> : null}
    </div>
  );
}
