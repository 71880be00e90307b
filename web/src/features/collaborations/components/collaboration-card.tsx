import {
  collaborationTypeLabel,
  formatDeadline,
  skillLevelLabel,
  type CollaborationRequest,
} from '@beatroom/shared/collaborations-contract';
import { formatBudgetFor } from '@beatroom/shared/list-price';
import { CalendarClock, Disc3, MessageSquare, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/ui/avatar';
import { buttonClasses } from '../../../components/ui/button';
import { usePreferredCurrency } from '../../session/hooks/use-preferred-currency';

const TYPE_BADGE: Record<CollaborationRequest['request_type'], string> = {
  vocalist_needed: 'bg-fuchsia-500/15 text-fuchsia-300',
  producer_needed: 'bg-sky-500/15 text-sky-300',
  collaboration_offer: 'bg-emerald-500/15 text-emerald-300',
};

/** The request's type as a coloured badge (cards and the request page). */
export function TypeBadge({ type }: { type: CollaborationRequest['request_type'] }) {
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${TYPE_BADGE[type]}`}>
      {collaborationTypeLabel(type)}
    </span>
  );
}

/** Type and skill level, then whatever the page adds (Closed): the badges over a request's title. */
export function RequestBadges({
  request,
  children,
}: {
  request: CollaborationRequest;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <TypeBadge type={request.request_type} />
      <span className="rounded-full bg-fg/5 px-2.5 py-0.5 text-xs text-muted">
        {skillLevelLabel(request.skill_level)}
      </span>
      {children}
    </div>
  );
}

/** Budget, deadline, beat and response count: the facts of a request, on a card and its page. */
export function RequestFacts({ request }: { request: CollaborationRequest }) {
  const count = request.response_count;
  // Budgets are posted in whole US dollars: said so, and converted for a viewer of another
  // currency (display only).
  const currency = usePreferredCurrency();
  return (
    <dl className="flex flex-wrap gap-x-4 gap-y-1.5 text-xs text-muted">
      <div className="flex items-center gap-1.5">
        <dt className="sr-only">Budget</dt>
        <Wallet aria-hidden="true" className="size-3.5" />
        <dd className="font-medium text-fg numeric">
          {formatBudgetFor(request.budget_min, request.budget_max, currency)}
        </dd>
      </div>
      {request.deadline_date ? (
        <div className="flex items-center gap-1.5">
          <CalendarClock aria-hidden="true" className="size-3.5" />
          <dt>Deadline</dt>
          <dd className="numeric">{formatDeadline(request.deadline_date)}</dd>
        </div>
      ) : null}
      {request.beat_title ? (
        <div className="flex items-center gap-1.5">
          <Disc3 aria-hidden="true" className="size-3.5" />
          <dt className="sr-only">Beat</dt>
          <dd className="max-w-[12rem] truncate">{request.beat_title}</dd>
        </div>
      ) : null}
      <div className="flex items-center gap-1.5">
        <MessageSquare aria-hidden="true" className="size-3.5" />
        <dt className="sr-only">Responses</dt>
        <dd className="numeric">
          {count} {count === 1 ? 'response' : 'responses'}
        </dd>
      </div>
    </dl>
  );
}

/**
 * One request on the board: type, skill level, title, description, genre and mood, the facts,
 * the requester, View Details, and whatever action the board passes in (Respond, Responded).
 */
export function CollaborationCard({
  request,
  action,
}: {
  request: CollaborationRequest;
  action?: ReactNode;
}) {
  const detailsPath = `/collaborations/${encodeURIComponent(request.id)}`;
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-line bg-surface/60 p-4 transition-colors hover:border-accent/40">
      <RequestBadges request={request} />
      <div className="min-w-0">
        <h3 className="text-base font-semibold break-words">
          <Link to={detailsPath} className="hover:underline">
            {request.title}
          </Link>
        </h3>
        <p className="mt-1 line-clamp-3 text-sm break-words text-muted">{request.description}</p>
        <p className="mt-2 text-xs text-muted">
          {request.genre} · {request.mood}
        </p>
      </div>
      <RequestFacts request={request} />
      <div className="mt-auto flex flex-wrap items-center gap-2 border-t border-line pt-3">
        <Link
          to={`/profile/${encodeURIComponent(request.requester_user_id)}`}
          className="mr-auto flex min-w-0 items-center gap-2 text-sm hover:underline"
        >
          <Avatar src={request.requester_avatar} name={request.requester_name} size={24} />
          <span className="truncate">{request.requester_name}</span>
        </Link>
        <Link
          to={detailsPath}
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          aria-label={`View Details: ${request.title}`}
        >
          View Details
        </Link>
        {action}
      </div>
    </li>
  );
}
