import { DELETE_ACCOUNT_PHRASE } from '@beatroom/shared/account-contract';
import { formatDate } from '@beatroom/shared/format-dates';
import { formatNumber } from '@beatroom/shared/format-numbers';
import { useQuery } from '@tanstack/react-query';
import { Trash2, UserRound } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { DialogShell } from '../../../components/ui/dialog-shell';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { FormField, inputClasses } from '../../../components/ui/form-field';
import { PanelSection } from '../../../components/ui/panel-section';
import { useSession } from '../../session/hooks/use-session';
import { accountQueryOptions } from '../api';
import { useDeleteAccount } from '../hooks/use-delete-account';

/** Shown when the deletion fails without a server text (the wording is ours). */
export const DELETE_ACCOUNT_FAILED = 'Failed to delete account';

const danger =
  'inline-flex h-10 items-center justify-center gap-2 rounded-full bg-red-600 px-4 text-sm font-medium text-white transition-colors hover:bg-red-500 disabled:cursor-not-allowed disabled:opacity-60';

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="truncate text-sm font-medium numeric">{value}</dd>
    </div>
  );
}

/** The account's facts; a skeleton of the same shape while they load. */
function AccountDetails() {
  const { user } = useSession();
  const summary = useQuery({ ...accountQueryOptions(user?.id ?? ''), enabled: Boolean(user) });
  if (summary.isPending) {
    return (
      <div
        role="status"
        aria-busy="true"
        aria-label="Loading account"
        className="mt-4 grid gap-4 sm:grid-cols-2"
      >
        {Array.from({ length: 5 }, (_, i) => (
          <div key={i} className="h-10 animate-pulse rounded-lg bg-fg/10" />
        ))}
      </div>
    );
  }
  // A failed fetch is only logged by the client; the session still names the user.
  const data = summary.data;
  return (
    <dl className="mt-4 grid gap-4 sm:grid-cols-2">
      <Detail label="Name" value={data?.name ?? user?.name ?? '—'} />
      <Detail label="Email" value={data?.email ?? user?.email ?? '—'} />
      {data ? (
        <>
          <Detail label="Member since" value={formatDate(data.member_since, 'long')} />
          <Detail label="Beats uploaded" value={formatNumber(data.beats_count)} />
          <Detail label="Licences bought" value={formatNumber(data.licences_count)} />
        </>
      ) : null}
    </dl>
  );
}

/** The confirmation: the person types DELETE; the button stays disabled until they have. */
function DeleteAccountDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const inputId = useId();
  const [phrase, setPhrase] = useState('');
  const remove = useDeleteAccount();
  const ready = phrase === DELETE_ACCOUNT_PHRASE && !remove.isPending;

  const close = (next: boolean) => {
    if (remove.isPending) return;
    if (!next) {
      setPhrase('');
      remove.reset();
    }
    onOpenChange(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) remove.mutate({ confirm: DELETE_ACCOUNT_PHRASE });
  };

  return (
    <DialogShell
      open={open}
      onOpenChange={close}
      title="Delete account?"
      description="This action cannot be undone. Your profile, beats, favourites, follows, reviews, credits and saved payment methods will be permanently deleted. Beats that buyers hold licences for stay available to those buyers only."
    >
      <form onSubmit={submit} className="flex flex-col gap-4">
        <FormField label={`Type ${DELETE_ACCOUNT_PHRASE} to confirm`} htmlFor={inputId}>
          <input
            id={inputId}
            className={inputClasses}
            value={phrase}
            onChange={(event) => setPhrase(event.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            disabled={remove.isPending}
          />
        </FormField>
        {remove.isError ? <ErrorBanner title={DELETE_ACCOUNT_FAILED} detail={remove.error.message} /> : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => close(false)} disabled={remove.isPending}>
            Cancel
          </Button>
          <button type="submit" className={danger} disabled={!ready}>
            <Trash2 aria-hidden="true" className="size-4" />
            {remove.isPending ? 'Deleting…' : 'Delete my account'}
          </button>
        </div>
      </form>
    </DialogShell>
  );
}

/**
 * The account section of /settings: who the account is, and leaving. The settings
 * page composes it through app/; it needs nothing but a signed-in user.
 */
export function AccountSection() {
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="flex flex-col gap-4">
      <PanelSection title="Account" Icon={UserRound}>
        <AccountDetails />
      </PanelSection>
      <PanelSection title="Delete account" Icon={Trash2} className="border-red-500/30">
        <p className="mt-2 text-sm text-muted">
          Deleting your account signs you out everywhere and removes your data for good. Orders and invoices
          are kept for accounting, without your name or email.
        </p>
        <div className="mt-4">
          <button type="button" className={danger} onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden="true" className="size-4" />
            Delete account
          </button>
        </div>
      </PanelSection>
      <DeleteAccountDialog open={confirming} onOpenChange={setConfirming} />
    </div>
  );
}
