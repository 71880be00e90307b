import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { AdminTable, ConfirmDialog, Pager, SearchBox, type Confirmation } from './admin-parts';

/**
 * A searchable, paged admin list (Beats, Users): the search box (a new search starts again on
 * page 1), the list's failure with Retry, its empty state, the table of `rows`, the pager and
 * the confirmation its actions ask for.
 */
export function AdminListTab({
  name,
  Icon,
  head,
  search,
  setSearch,
  page,
  pages,
  setPage,
  failed,
  onRetry,
  empty,
  confirmation,
  setConfirmation,
  rows,
}: {
  /** The plural the tab lists, capitalised: "Beats". */
  name: string;
  Icon: LucideIcon;
  head: string[];
  search: string;
  setSearch: (search: string) => void;
  page: number;
  pages: number;
  setPage: (page: number) => void;
  failed: boolean;
  onRetry: () => void;
  empty: boolean;
  confirmation: Confirmation | null;
  setConfirmation: (confirmation: Confirmation | null) => void;
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
      {failed ? (
        <ErrorState title={`${name} could not be loaded`} onRetry={onRetry} />
      ) : empty ? (
        <EmptyState Icon={Icon} title={`No ${plural} found`} />
      ) : (
        <AdminTable caption={name} head={head}>
          {rows}
        </AdminTable>
      )}
      <Pager page={page} pages={pages} onPage={setPage} />
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </section>
  );
}
