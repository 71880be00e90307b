import type { SessionUser } from '@beatroom/shared/auth-contract';
import * as Tabs from '@radix-ui/react-tabs';
import { useQuery } from '@tanstack/react-query';
import { Download, LockKeyhole, Receipt, ShoppingBag, type LucideIcon } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { RowsSkeleton } from '../../../components/ui/rows-skeleton';
import { useSession } from '../../session/hooks/use-session';
import { useSignInDialog } from '../../session/store/sign-in-dialog-store';
import { downloadHistoryQueryOptions, purchasesQueryOptions } from '../api';
import { HistoryRow, type HistoryRowProps } from './history-row';

/** What the page gets from the features app/ composes in (the purchase feature's download flow). */
export interface DownloadsPageProps {
  /** Runs the download flow for a beat, in the format chosen if one was. */
  onDownload: HistoryRowProps['onDownload'];
  /** The beat whose download is under way, for a busy button. */
  downloadingId: string | null;
  /** Opens the Invoices & Receipts modal. */
  onOpenInvoices: () => void;
}

type Tab = 'history' | 'purchases';

const tabClasses =
  'inline-flex h-9 items-center gap-2 rounded-full px-3 text-sm font-medium whitespace-nowrap text-muted transition-colors hover:text-fg data-[state=active]:bg-accent data-[state=active]:text-accent-fg sm:px-4';

function Count({ value }: { value: number | undefined }) {
  return (
    <span className="min-w-6 rounded-full bg-fg/10 px-1.5 text-xs leading-5 numeric">
      {value === undefined ? '…' : value}
    </span>
  );
}

/** A tab's count: unknown while loading; a list that failed to load shows empty, so 0. */
function countOf(query: { isPending: boolean; data: readonly unknown[] | undefined }): number | undefined {
  return query.isPending ? undefined : (query.data?.length ?? 0);
}

function TabList<T extends { id: string }>({
  query,
  label,
  empty,
  Icon,
  render,
}: {
  query: { isPending: boolean; data: readonly T[] | undefined };
  label: string;
  empty: string;
  Icon: LucideIcon;
  render: (item: T) => ReactNode;
}) {
  if (query.isPending) return <RowsSkeleton label={`Loading ${label.toLowerCase()}`} />;
  // History fetch errors are only logged (the query cache does); the list is empty.
  const items = query.data ?? [];
  if (items.length === 0) {
    return (
      <EmptyState Icon={Icon} title={empty}>
        <Link to="/" className={buttonClasses()}>
          Browse Beats
        </Link>
      </EmptyState>
    );
  }
  return (
    <ul aria-label={label} className="flex flex-col gap-3">
      {items.map(render)}
    </ul>
  );
}

function MyDownloads({
  user,
  onDownload,
  downloadingId,
  onOpenInvoices,
}: DownloadsPageProps & { user: SessionUser }) {
  const history = useQuery(downloadHistoryQueryOptions(user.id));
  const purchases = useQuery(purchasesQueryOptions(user.id));
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'purchases' ? 'purchases' : 'history';
  const selectTab = (next: string) => {
    const search = new URLSearchParams(params);
    if (next === 'purchases') search.set('tab', next);
    else search.delete('tab');
    setParams(search, { replace: true, preventScrollReset: true });
  };
  const row = (item: Parameters<typeof HistoryRow>[0]['item']) => (
    <HistoryRow
      key={item.id}
      item={item}
      onDownload={onDownload}
      downloading={downloadingId === item.beat_id}
    />
  );

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">My Downloads</h1>
          <p className="mt-1 text-sm text-muted">
            Every beat you downloaded or bought, ready to download again.
          </p>
        </div>
        <Button variant="secondary" onClick={onOpenInvoices}>
          <Receipt aria-hidden="true" className="size-4" />
          Invoices &amp; Receipts
        </Button>
      </div>

      <Tabs.Root value={tab} onValueChange={selectTab} className="flex flex-col gap-5">
        <Tabs.List
          aria-label="My Downloads"
          className="flex max-w-full gap-1 self-start overflow-x-auto rounded-full border border-line bg-surface/70 p-1"
        >
          <Tabs.Trigger value="history" className={tabClasses}>
            Download History <Count value={countOf(history)} />
          </Tabs.Trigger>
          <Tabs.Trigger value="purchases" className={tabClasses}>
            Purchases <Count value={countOf(purchases)} />
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="history" className="outline-none">
          <TabList
            query={history}
            label="Download History"
            empty="No downloads yet"
            Icon={Download}
            render={row}
          />
        </Tabs.Content>
        <Tabs.Content value="purchases" className="outline-none">
          <TabList
            query={purchases}
            label="Purchases"
            empty="No purchases yet"
            Icon={ShoppingBag}
            render={row}
          />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}

/**
 * A visitor: the sign-in dialog opens at once, and closing it returns to /.
 * Leaving some other way (Back) takes the dialog and its way home along.
 */
function SignInFirst() {
  const openSignIn = useSignInDialog((state) => state.open);
  const navigate = useNavigate();

  useEffect(() => {
    const goHome = () => void navigate('/');
    openSignIn({ onClose: goHome });
    return () => {
      if (useSignInDialog.getState().onClose === goHome)
        useSignInDialog.setState({ isOpen: false, onClose: null });
    };
  }, [openSignIn, navigate]);

  return <SignInPrompt onSignIn={() => openSignIn({ onClose: () => void navigate('/') })} />;
}

function SignInPrompt({ onSignIn }: { onSignIn: () => void }) {
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-3 rounded-3xl border border-line bg-surface/60 px-6 py-12 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-accent/15 text-accent">
        <LockKeyhole aria-hidden="true" className="size-7" />
      </span>
      <h1 className="text-xl font-semibold tracking-tight">Sign in to see your downloads</h1>
      <p className="max-w-sm text-sm text-muted">
        Your download history, purchases and licences are kept here.
      </p>
      <Button className="mt-2" onClick={onSignIn}>
        Sign In
      </Button>
    </section>
  );
}

/** /downloads (My Downloads): Download History and Purchases. */
export function DownloadsPage(props: DownloadsPageProps) {
  const { user, isPending } = useSession();
  // Signing out here clears the user before sign-out sends the app home: no dialog for that.
  const [wasSignedIn, setWasSignedIn] = useState(false);
  if (user && !wasSignedIn) setWasSignedIn(true);

  if (isPending) {
    return (
      <div
        role="status"
        aria-label="Loading"
        className="mx-auto h-64 max-w-4xl animate-pulse rounded-3xl bg-fg/10"
      />
    );
  }
  if (user) return <MyDownloads user={user} {...props} />;
  return wasSignedIn ? <SignInPrompt onSignIn={() => useSignInDialog.getState().open()} /> : <SignInFirst />;
}
