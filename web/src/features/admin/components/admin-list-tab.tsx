import type { LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { AdminTable, ConfirmDialog, Pager, SearchBox, type Confirmation } from './admin-parts';

/** What an admin list keeps: its page, its search and the confirmation an action asks for. */
export function useAdminListState() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  return { page, setPage, search, setSearch, confirmation, setConfirmation };
}

/**
 * A searchable, paged admin list (Beats, Users): the search box (a new search starts again on
 * page 1), the list's failure with Retry, its empty state, the table of `rows`, the pager and
 * the confirmation its actions ask for.
 */
export function AdminListTab({
  name,
  Icon,
  head,
  state: { search, setSearch, page, setPage, confirmation, setConfirmation },
  query,
  empty,
  rows,
}: {
  /** The plural the tab lists, capitalised: "Beats". */
  name: string;
  Icon: LucideIcon;
  head: string[];
  state: ReturnType<typeof useAdminListState>;
  query: { isError: boolean; refetch: () => unknown; data?: { pagination: { pages: number } } };
  /** Loaded, and nothing matched. */
  empty: boolean;
  rows: ReactNode;
}) {
  const plural = name.toLowerCase();
  return (
    <section aria-label={name} className="flex flex-col gap-4">
      <SearchBox
        label={`Search ${plural}`}
        value={search}
        onChange={(v) => {
          setSearch(v);
          setPage(1);
        }}
      />
      {query.isError ? (
        <ErrorState title={`${name} could not be loaded`} onRetry={() => void query.refetch()} />
      ) : empty ? (
        <EmptyState Icon={Icon} title={`No ${plural} found`} />
      ) : (
        <AdminTable caption={name} head={head}>
          {rows}
        </AdminTable>
      )}
      <Pager page={page} pages={query.data?.pagination.pages ?? 1} onPage={setPage} />
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </section>
  );
}
