import type { SessionUser } from '@beatroom/shared/auth-contract';
import { formatAmount } from '@beatroom/shared/format-money';
import { formatNumber } from '@beatroom/shared/format-numbers';
import type { MyBeat, MyBeatsSort } from '@beatroom/shared/my-beats-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BadgeDollarSign,
  Download,
  HandCoins,
  LoaderCircle,
  Megaphone,
  Music,
  Play,
  Upload,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '../../../components/ui/button';
import { DialogShell } from '../../../components/ui/dialog-shell';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PanelSection } from '../../../components/ui/panel-section';
import { StatTile } from '../../../components/ui/stat-tile';
import { useDocumentHead } from '../../../lib/document-head';
import { serverErrorText } from '../../../lib/error-text';
import { showToast } from '../../../lib/toast';
import { deleteMyBeat, myBeatsKeys, myBeatsQueryOptions } from '../api';
import { MyBeatsTable } from './my-beats-table';

/** What app/ hands in from other features: Manage Beat (upload) and Promote (promotions). */
export interface MyBeatsSlots {
  /** Manage Beat for one beat; `onClose` when it closes, `onChanged` after a save or delete. */
  manageBeat: (props: { beatId: string; onClose: () => void; onChanged: () => void }) => ReactNode;
  promoteButton: (beat: MyBeat) => ReactNode;
  /** A beat was deleted here: other views of it are refreshed. */
  onDeleted: (beatId: string) => void;
}

function TableSkeleton() {
  return (
    <div role="status" aria-label="Loading your beats" className="flex flex-col gap-6">
      <div aria-hidden="true" className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        {Array.from({ length: 5 }, (_, index) => (
          <div key={index} className="h-20 animate-pulse rounded-2xl bg-fg/10" />
        ))}
      </div>
      <div aria-hidden="true" className="flex flex-col gap-2">
        {Array.from({ length: 6 }, (_, index) => (
          <div key={index} className="h-14 animate-pulse rounded-xl bg-fg/10" />
        ))}
      </div>
    </div>
  );
}

/** Numbers read best big-first; a title A to Z. Clicking the active column flips it. */
const firstOrder = (sort: MyBeatsSort) => (sort === 'title' ? 'asc' : 'desc');

/**
 * "My beats" (/dashboard): the producer's beats with status (processing, live, sold
 * exclusively), plays, downloads, sales, revenue and promotion, sortable, the totals on top, and
 * Edit, Promote and Delete per row.
 */
export function MyBeatsPage({ user, slots }: { user: SessionUser; slots: MyBeatsSlots }) {
  useDocumentHead({ title: 'My beats · Beatroom' });
  const queryClient = useQueryClient();
  const [sort, setSort] = useState<MyBeatsSort>('newest');
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<MyBeat | null>(null);
  const beats = useQuery(myBeatsQueryOptions(user.id, sort, order));
  const refresh = () => queryClient.invalidateQueries({ queryKey: myBeatsKeys.user(user.id) });

  const remove = useMutation({
    mutationFn: (beat: MyBeat) => deleteMyBeat(beat.id),
    onSuccess: (_, beat) => {
      setDeleting(null);
      slots.onDeleted(beat.id);
      showToast({ type: 'success', title: 'Beat deleted', message: `"${beat.title}" is gone.` });
    },
    onSettled: () => void refresh(),
  });

  const chooseSort = (next: MyBeatsSort) => {
    if (next === sort) setOrder(order === 'asc' ? 'desc' : 'asc');
    else {
      setSort(next);
      setOrder(firstOrder(next));
    }
  };

  let body: ReactNode;
  if (beats.isPending) body = <TableSkeleton />;
  else if (beats.isError) {
    body = (
      <ErrorState
        title="Could not load your beats"
        onRetry={() => void beats.refetch()}
        retrying={beats.isFetching}
      />
    );
  } else if (beats.data.beats.length === 0) {
    body = (
      <EmptyState
        Icon={Music}
        title="No beats uploaded yet"
        message="Upload your first beat to see how it does here."
      >
        <Link to="/upload" className={buttonClasses()}>
          Upload
        </Link>
      </EmptyState>
    );
  } else {
    const { totals, currency } = beats.data;
    body = (
      <div className="flex flex-col gap-6">
        <dl aria-label="Totals" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          <StatTile label="Beats" Icon={Music} value={formatNumber(totals.beats)} />
          <StatTile label="Plays" Icon={Play} value={formatNumber(totals.plays)} />
          <StatTile label="Downloads" Icon={Download} value={formatNumber(totals.downloads)} />
          <StatTile label="Sales" Icon={HandCoins} value={formatNumber(totals.sales)} />
          <StatTile
            label="Revenue"
            Icon={BadgeDollarSign}
            value={formatAmount(totals.revenue_cents, currency)}
            tint="bg-emerald-500/15 text-emerald-300"
          />
          <StatTile label="Promoted" Icon={Megaphone} value={formatNumber(totals.promoted)} />
        </dl>
        <PanelSection title="Your beats" Icon={Music}>
          <div className="mt-3">
            <MyBeatsTable
              data={beats.data}
              sort={sort}
              order={order}
              onSort={chooseSort}
              onEdit={(beat) => setEditing(beat.id)}
              onDelete={(beat) => {
                remove.reset();
                setDeleting(beat);
              }}
              promoteButton={slots.promoteButton}
            />
          </div>
        </PanelSection>
      </div>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">My beats</h1>
          <p className="mt-1 text-sm text-muted">
            How each of your beats is doing: plays, downloads, sales and promotion.
          </p>
        </div>
        <Link to="/upload" className={buttonClasses({ variant: 'secondary' })}>
          <Upload aria-hidden="true" className="size-4" />
          Upload
        </Link>
      </div>
      {body}
      {editing
        ? slots.manageBeat({
            beatId: editing,
            onClose: () => setEditing(null),
            onChanged: () => void refresh(),
          })
        : null}
      <DialogShell
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setDeleting(null);
        }}
        title="Delete Beat?"
        description="This action cannot be undone. All plays, favorites, and reviews will be permanently lost."
      >
        {remove.isError ? (
          <p role="alert" className="mb-3 text-sm text-red-300">
            {serverErrorText(remove.error) ?? 'Failed to delete beat'}
          </p>
        ) : null}
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={() => setDeleting(null)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button onClick={() => deleting && remove.mutate(deleting)} disabled={remove.isPending}>
            {remove.isPending ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
            Delete Beat
          </Button>
        </div>
      </DialogShell>
    </div>
  );
}
