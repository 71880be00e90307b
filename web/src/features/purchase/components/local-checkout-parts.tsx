import { formatDateTime } from '@beatroom/shared/format-dates';
import { LOCAL_CHECKOUT_BANNER } from '@beatroom/shared/money-contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { CircleCheck, CircleX, FlaskConical, LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { ErrorState } from '../../../components/ui/error-state';
import { isApiError } from '../../../lib/api-client';
import { serverErrorText } from '../../../lib/error-text';

/** The banner of every local test checkout page: no money moves here. */
export function LocalCheckoutBanner({ what }: { what: string }) {
  return (
    <div
      role="note"
      className="flex items-start gap-3 rounded-2xl border border-amber-400/40 bg-amber-400/10 px-4 py-3 text-amber-200"
    >
      <FlaskConical aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-semibold">{LOCAL_CHECKOUT_BANNER}</p>
        <p className="text-sm text-amber-200/80">
          No payment provider is configured on this server: Pay completes {what} as a real payment would.
        </p>
      </div>
    </div>
  );
}

export function Outcome({
  tone,
  title,
  children,
}: {
  tone: 'good' | 'bad';
  title: string;
  children: ReactNode;
}) {
  const Icon = tone === 'good' ? CircleCheck : CircleX;
  return (
    <div role="status" className="flex flex-col items-center gap-3 text-center">
      <Icon aria-hidden="true" className={`size-10 ${tone === 'good' ? 'text-emerald-400' : 'text-muted'}`} />
      <h2 className="text-xl font-semibold">{title}</h2>
      {children}
    </div>
  );
}

/** What a local checkout page settles: an order (a beat's licence) or an account payment. */
type Noun = 'order' | 'payment';

const capitalised = (noun: Noun) => `${noun[0]?.toUpperCase() ?? ''}${noun.slice(1)}`;

/**
 * The frame of a local test checkout page: the title, the banner, then the loaded checkout, or
 * its loading, not found (404) and failed states; `children` renders the loaded one.
 */
export function LocalCheckoutFrame<T>({
  noun,
  query,
  placeholderClassName,
  children,
}: {
  noun: Noun;
  query: UseQueryResult<T>;
  /** The loading placeholder's height, about that of the loaded card. */
  placeholderClassName: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <section aria-labelledby="checkout-title" className="mx-auto flex w-full max-w-xl flex-col gap-5">
      <h1 id="checkout-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
        Checkout
      </h1>
      <LocalCheckoutBanner what={`the ${noun}`} />

      {query.isPending ? (
        <div
          role="status"
          aria-label={`Loading ${noun}`}
          className={`${placeholderClassName} animate-pulse rounded-3xl bg-fg/10`}
        />
      ) : query.isError ? (
        isApiError(query.error, 404) ? (
          <Outcome tone="bad" title={`${capitalised(noun)} not found`}>
            <Link to="/" className={buttonClasses()}>
              Browse Beats
            </Link>
          </Outcome>
        ) : (
          <ErrorState
            title={`The ${noun} could not be loaded`}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        )
      ) : (
        <div className="flex flex-col gap-6 rounded-3xl border border-line bg-surface/60 p-5 sm:p-6">
          {children(query.data)}
        </div>
      )}
    </section>
  );
}

/** A Pay or Cancel that failed, shown whatever the checkout became (it may have closed meanwhile). */
export function SettleFailure({ noun, error }: { noun: Noun; error: unknown }) {
  return error ? (
    <ErrorBanner
      title={`The ${noun} could not be updated`}
      detail={serverErrorText(error) ?? 'Please try again.'}
    />
  ) : null;
}

/** A checkout no longer open (cancelled, expired…): why, and the way back. */
export function ClosedCheckout({
  noun,
  error,
  title,
  children,
}: {
  noun: Noun;
  error: unknown;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4">
      <SettleFailure noun={noun} error={error} />
      <Outcome tone="bad" title={title}>
        {children}
      </Outcome>
    </div>
  );
}

/** An open checkout's Cancel and Pay; the one running spins, both wait for it. */
export function PendingCheckoutActions({
  noun,
  error,
  expiresAt,
  working,
  price,
  onSettle,
}: {
  noun: Noun;
  error: unknown;
  expiresAt: string;
  /** The action running, if any. */
  working: 'pay' | 'cancel' | null;
  /** The formatted amount Pay names. */
  price: string;
  onSettle: (action: 'pay' | 'cancel') => void;
}) {
  return (
    <div className="flex flex-col gap-4">
      <SettleFailure noun={noun} error={error} />
      <p className="text-xs text-muted">Open until {formatDateTime(expiresAt)}</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onSettle('cancel')} disabled={working !== null}>
          {working === 'cancel' ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
          Cancel
        </Button>
        <Button onClick={() => onSettle('pay')} disabled={working !== null}>
          {working === 'pay' ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
          {working === 'pay' ? 'Processing...' : `Pay ${price}`}
        </Button>
      </div>
    </div>
  );
}
