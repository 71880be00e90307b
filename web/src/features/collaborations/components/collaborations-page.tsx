import { COLLABORATION_TYPES, COLLABORATION_TYPE_VALUES } from '@beatroom/shared/collaborations-contract';
import { useQuery } from '@tanstack/react-query';
import { Handshake, MessageSquare, Plus, Search, SlidersHorizontal, type LucideIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { BackButton } from '../../../components/ui/back-button';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { inputClasses } from '../../../components/ui/form-field';
import { useSession } from '../../session/hooks/use-session';
import { boardQueryOptions, type BoardFilter } from '../api';
import { CollaborationCard } from './collaboration-card';
import { PostRequestDialog } from './post-request-dialog';
import { RespondButton } from './respond-button';

const FILTERS: { value: BoardFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  ...COLLABORATION_TYPES.map((t) => ({ value: t.value, label: t.label })),
];

const STEPS: { Icon: LucideIcon; title: string; text: string }[] = [
  {
    Icon: Plus,
    title: 'Post a request',
    text: 'Say who you need: a vocalist, a producer, or anyone up for a collab.',
  },
  {
    Icon: MessageSquare,
    title: 'Get responses',
    text: 'Members answer with a message and their takes or beats.',
  },
  {
    Icon: SlidersHorizontal,
    title: 'Create together',
    text: 'Accept a response and a live studio session opens for you both.',
  },
];

const filterOf = (value: string | null): BoardFilter =>
  (COLLABORATION_TYPE_VALUES as readonly string[]).includes(value ?? '') ? (value as BoardFilter) : 'all';

/** The hub intro: what the board is for, in three steps. */
function HubIntro() {
  return (
    <ol aria-label="How collaborations work" className="grid gap-3 sm:grid-cols-3">
      {STEPS.map(({ Icon, title, text }, index) => (
        <li key={title} className="flex gap-3 rounded-2xl border border-line bg-surface/60 p-4">
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent/15 text-accent">
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <span>
            <span className="block text-sm font-semibold">
              {index + 1}. {title}
            </span>
            <span className="mt-0.5 block text-xs text-muted">{text}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

function CardSkeletons() {
  return (
    <ul aria-hidden="true" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {Array.from({ length: 6 }, (_, i) => (
        <li key={i} className="h-64 animate-pulse rounded-2xl border border-line bg-fg/5" />
      ))}
    </ul>
  );
}

/**
 * /collaborations: the hub intro with three steps, and the board: a search
 * box that searches on Enter, the type filters, and request cards. Filter and search live in the
 * URL, so a filtered board can be shared and Back restores it. Post Request is for members.
 */
export function CollaborationsPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const type = filterOf(params.get('type'));
  const search = params.get('search') ?? '';
  const [draft, setDraft] = useState(search);
  const [posting, setPosting] = useState(false);
  const board = useQuery(boardQueryOptions(type, search));

  const update = (change: { type?: BoardFilter; search?: string }) => {
    const next = new URLSearchParams(params);
    const nextType = change.type ?? type;
    const nextSearch = change.search ?? search;
    if (nextType === 'all') next.delete('type');
    else next.set('type', nextType);
    if (nextSearch) next.set('search', nextSearch);
    else next.delete('search');
    setParams(next, { replace: true });
  };

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ search: draft.trim() });
  };

  return (
    <div className="flex flex-col gap-6">
      <div>
        <BackButton />
      </div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Collaborations</h1>
          <p className="mt-1 text-sm text-muted">
            Find producers and vocalists to work with, and answer their requests.
          </p>
        </div>
        {user ? (
          <Button onClick={() => setPosting(true)}>
            <Plus aria-hidden="true" className="size-4" />
            Post Request
          </Button>
        ) : null}
      </div>
      <HubIntro />

      <section aria-labelledby="board-title" className="flex flex-col gap-4">
        <h2 id="board-title" className="text-lg font-semibold">
          Collaboration Board
        </h2>
        <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
          <form role="search" onSubmit={submitSearch} className="relative w-full lg:max-w-sm">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
            />
            <input
              type="search"
              aria-label="Search collaborations"
              placeholder="Search requests, press Enter"
              className={`${inputClasses} pl-9`}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
            />
          </form>
          <div role="group" aria-label="Request type" className="flex flex-wrap gap-1.5">
            {FILTERS.map((filter) => (
              <button
                key={filter.value}
                type="button"
                aria-pressed={filter.value === type}
                onClick={() => update({ type: filter.value })}
                className="h-9 rounded-full border border-line px-4 text-sm font-medium text-muted transition-colors hover:text-fg aria-pressed:border-accent aria-pressed:bg-accent aria-pressed:text-accent-fg"
              >
                {filter.label}
              </button>
            ))}
          </div>
        </div>

        {board.isPending ? (
          <div role="status" aria-label="Loading collaborations">
            <CardSkeletons />
          </div>
        ) : board.isError ? (
          <ErrorState
            title="Collaborations could not be loaded"
            onRetry={() => void board.refetch()}
            retrying={board.isFetching}
          />
        ) : board.data.length === 0 ? (
          <EmptyState
            Icon={Handshake}
            title={search || type !== 'all' ? 'No requests match your search' : 'No open requests yet'}
            message={user ? 'Post the first one and let others find you.' : 'Sign in to post a request.'}
          />
        ) : (
          <ul aria-label="Collaboration requests" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {board.data.map((request) => (
              <CollaborationCard
                key={request.id}
                request={request}
                action={<RespondButton request={request} user={user} size="sm" />}
              />
            ))}
          </ul>
        )}
      </section>

      {user ? <PostRequestDialog userId={user.id} open={posting} onOpenChange={setPosting} /> : null}
    </div>
  );
}
