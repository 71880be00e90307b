import type { SessionUser } from '@beatroom/shared/auth-contract';
import type { LicenseId } from '@beatroom/shared/money-constants';
import { PURCHASE_ERRORS, type PaymentMethod } from '@beatroom/shared/money-contract';
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
import { licensesQueryOptions, paymentMethodsQueryOptions } from '../api';
import { usePurchaseCheckout } from '../hooks/use-purchase-checkout';
import { useRemovePaymentMethod } from '../hooks/use-remove-payment-method';
import { useWalletAvailability } from '../hooks/use-wallet-availability';
import { usePurchaseDialog, type PurchaseBeat } from '../store/purchase-dialog-store';
import { defaultLicense, LicenseOptions } from './license-options';
import { OrderSummary } from './order-summary';
import { canSaveMethod, NEW_CARD, PaymentMethodPicker, type PaymentChoice } from './payment-method-picker';

/** The spec's one purchase alert (money.md §8), whatever the server said. */
export const PURCHASE_FAILED = 'Purchase failed. Please try again.';

/** A saved method flagged default is preselected (money.md §4); otherwise a new card. */
function initialChoice(methods: readonly PaymentMethod[] | undefined): PaymentChoice {
  const preferred = methods?.find((m) => m.is_default);
  return preferred ? { method: 'saved', savedId: preferred.id } : NEW_CARD;
}

function LicensesSkeleton() {
  return (
    <div role="status" aria-label="Loading licences" className="grid gap-3 md:grid-cols-3">
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
  const licenses = useQuery(licensesQueryOptions(beat.id));
  const methods = useQuery({ ...paymentMethodsQueryOptions(user?.id ?? ''), enabled: Boolean(user) });
  const wallets = useWalletAvailability();
  const checkout = usePurchaseCheckout(beat.id);
  const [pickedLicense, setPickedLicense] = useState<LicenseId | null>(null);
  // null until the buyer picks: the preselection follows the saved methods as they load.
  const [pickedPayment, setPickedPayment] = useState<PaymentChoice | null>(null);
  const [saveMethod, setSaveMethod] = useState(false);
  const [failed, setFailed] = useState(false);
  const payment = pickedPayment ?? initialChoice(methods.data);
  const remove = useRemovePaymentMethod(user?.id ?? '', (id) => {
    if (payment.method === 'saved' && payment.savedId === id) setPickedPayment(NEW_CARD);
  });

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
  const processing = checkout.isPending;
  const leaving = checkout.isSuccess && checkout.data === 'redirected';
  const busy = processing || leaving;
  const canPurchase = Boolean(chosen) && !busy && !(payment.method === 'saved' && !payment.savedId);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen || !canPurchase) return;
    setFailed(false);
    checkout.mutate(
      {
        license_type: chosen.license_type,
        price_cents: chosen.price_cents,
        payment_method: payment.method,
        save_payment_method: canSaveMethod(payment) && saveMethod,
        ...(payment.method === 'saved' ? { saved_payment_method_id: payment.savedId } : {}),
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

      {user ? (
        <div className="flex flex-col gap-3">
          <PaymentMethodPicker
            choice={payment}
            onChoose={(choice) => {
              setPickedPayment(choice);
              setFailed(false);
            }}
            wallets={wallets}
            savedMethods={methods.data ?? []}
            onRemove={(method) => remove.mutate(method)}
            removingId={remove.isPending ? (remove.variables?.id ?? null) : null}
            disabled={busy}
          />
          {canSaveMethod(payment) ? (
            <label className="inline-flex cursor-pointer items-center gap-2.5 text-sm">
              <input
                type="checkbox"
                checked={saveMethod}
                onChange={(event) => setSaveMethod(event.target.checked)}
                disabled={busy}
                className="size-4 cursor-pointer accent-accent"
              />
              Save payment method for future purchases
            </label>
          ) : null}
        </div>
      ) : null}

      {chosen ? <OrderSummary priceCents={chosen.price_cents} currency={currency} /> : null}
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
 * The Purchase Beat dialog (money.md §2, §4, §5, §8): licence cards, payment choice with saved
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
