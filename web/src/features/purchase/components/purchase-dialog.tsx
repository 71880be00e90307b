import type { SessionUser } from '@beatroom/shared/auth-contract';
import { licencePriceIn } from '@beatroom/shared/list-price';
import type { LicenseId } from '@beatroom/shared/money-constants';
import { PURCHASE_ERRORS } from '@beatroom/shared/money-contract';
import { useQuery } from '@tanstack/react-query';
import { LoaderCircle, LockKeyhole } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { DialogShell } from '../../../components/ui/dialog-shell';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { ErrorState } from '../../../components/ui/error-state';
import { showToast } from '../../../lib/toast';
import { usePreferredCurrency } from '../../session/hooks/use-preferred-currency';
import { useSession } from '../../session/hooks/use-session';
import { useSignInDialog } from '../../session/store/sign-in-dialog-store';
import { licensesQueryOptions } from '../api';
import { usePaymentChoice } from '../hooks/use-payment-choice';
import { usePurchaseCheckout } from '../hooks/use-purchase-checkout';
import { usePurchaseDialog, type PurchaseBeat } from '../store/purchase-dialog-store';
import { defaultLicense, LicenseOptions } from './license-options';
import { OrderSummary } from './order-summary';

/** The one purchase alert, whatever the server said. */
export const PURCHASE_FAILED = 'Purchase failed. Please try again.';

function LicensesSkeleton() {
  return (
    <div role="status" aria-label="Loading licences" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {[1, 2, 3].map((n) => (
        <div key={n} className="h-40 animate-pulse rounded-2xl bg-fg/10" />
      ))}
    </div>
  );
}

function PurchaseForm({
  beat,
  user,
  onPurchased,
  onClose,
}: {
  beat: PurchaseBeat;
  user: SessionUser | null;
  onPurchased: (() => void) | null;
  onClose: () => void;
}) {
  const currency = usePreferredCurrency();
  const openSignIn = useSignInDialog((state) => state.open);
  // Priced for the viewer: asked once it is known who that is (a holder sees upgrades).
  const session = useSession();
  const licenses = useQuery({
    ...licensesQueryOptions(beat.id, user?.id ?? null),
    enabled: !session.isPending,
  });
  const checkout = usePurchaseCheckout(beat.id);
  const [pickedLicense, setPickedLicense] = useState<LicenseId | null>(null);
  const [failed, setFailed] = useState(false);
  const processing = checkout.isPending;
  const leaving = checkout.isSuccess && checkout.data === 'redirected';
  const busy = processing || leaving;
  const payment = usePaymentChoice(user, { disabled: busy, onChange: () => setFailed(false) });

  if (licenses.isPending) return <LicensesSkeleton />;
  if (licenses.isError) {
    return (
      <ErrorState
        compact
        title="Licences could not be loaded"
        onRetry={() => void licenses.refetch()}
        retrying={licenses.isFetching}
      />
    );
  }
  if (licenses.data.length === 0) return <p className="text-sm text-muted">{PURCHASE_ERRORS.FREE_BEAT}</p>;

  const list = licenses.data;
  const fallback = defaultLicense(list);
  const license = list.find((l) => l.license_type === pickedLicense && l.available) ?? null;
  const chosen = license ?? list.find((l) => l.license_type === fallback) ?? null;
  const canPurchase = Boolean(chosen) && !busy && payment.complete;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen || !canPurchase) return;
    setFailed(false);
    checkout.mutate(
      {
        license_type: chosen.license_type,
        price_cents: chosen.price_cents,
        ...payment.fields,
      },
      {
        onSuccess: (outcome) => {
          if (outcome === 'redirected') return;
          if (outcome === 'opened-in-browser') {
            showToast({
              type: 'info',
              title: 'Checkout opened in your browser',
              message: 'Finish paying there; the purchase then shows under Downloads.',
            });
          } else {
            showToast({
              type: 'success',
              title: 'Purchase complete',
              message: `${chosen.name} licence for ${beat.title}`,
            });
            onPurchased?.();
          }
          onClose();
        },
        onError: () => setFailed(true),
      },
    );
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-6">
      <LicenseOptions
        licenses={list}
        selected={chosen?.license_type ?? null}
        onSelect={(id) => {
          setPickedLicense(id);
          setFailed(false);
        }}
        currency={currency}
        disabled={busy}
      />

      {user ? payment.field : null}

      {chosen ? (
        <OrderSummary
          priceCents={chosen.price_cents}
          displayCents={licencePriceIn(chosen, currency)}
          currency={currency}
        />
      ) : null}
      {failed ? <ErrorBanner title={PURCHASE_FAILED} /> : null}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        {user ? (
          <Button type="submit" disabled={!canPurchase}>
            {busy ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
            {leaving ? 'Redirecting to checkout...' : processing ? 'Processing...' : 'Purchase'}
          </Button>
        ) : (
          <Button
            onClick={() => {
              onClose();
              openSignIn();
            }}
          >
            <LockKeyhole aria-hidden="true" className="size-4" />
            Sign In to Purchase
          </Button>
        )}
      </div>
    </form>
  );
}

/**
 * The Purchase Beat dialog: licence cards, payment choice with saved
 * methods, order summary and Purchase. Mounted once by app/; any screen opens it through
 * usePurchaseDialog. A new opening starts fresh (the form is keyed by the beat).
 */
export function PurchaseDialog() {
  const beat = usePurchaseDialog((state) => state.beat);
  const onPurchased = usePurchaseDialog((state) => state.onPurchased);
  const close = usePurchaseDialog((state) => state.close);
  const { user } = useSession();

  return (
    <DialogShell
      open={beat !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title="Purchase Beat"
      description={
        beat ? (
          <>
            <span className="font-semibold text-fg">{beat.title}</span>
            {beat.producer_name ? ` by ${beat.producer_name}` : null}
          </>
        ) : null
      }
      widthClassName="max-w-3xl"
    >
      {beat ? (
        <PurchaseForm key={beat.id} beat={beat} user={user} onPurchased={onPurchased} onClose={close} />
      ) : null}
    </DialogShell>
  );
}
