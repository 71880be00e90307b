import type { Coupon, CouponKind } from '@beatroom/shared/coupons-contract';
import { formatPrice } from '@beatroom/shared/format-money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { serverErrorText } from '../../../lib/error-text';
import { showToast } from '../../../lib/toast';
import { couponKeys, createCoupon, deleteCoupon, myCouponsQueryOptions } from '../api';
import { DealForm } from './deal-form';
import { TextField } from './text-field';

const input = 'h-9 rounded-lg border border-line bg-surface px-3 text-sm';
const failed = (error: unknown) =>
  showToast({ type: 'error', title: serverErrorText(error) ?? 'Something went wrong' });

function describe(coupon: Coupon): string {
  const off = coupon.kind === 'percent' ? `${coupon.value}% off` : `${formatPrice(coupon.value, 'USD')} off`;
  const scope = coupon.beat_ids.length ? `${coupon.beat_ids.length} beats` : 'all your beats';
  const until = coupon.expires_at ? `, until ${coupon.expires_at.slice(0, 10)}` : '';
  const uses = coupon.max_uses ? `, ${coupon.max_uses} uses` : '';
  return `${off} ${scope}${until}${uses}`;
}

/** A new coupon: code, percent or fixed amount, optional end date and number of uses. */
function NewCouponForm({ onCreated }: { onCreated: () => void }) {
  const [code, setCode] = useState('');
  const [kind, setKind] = useState<CouponKind>('percent');
  const [value, setValue] = useState('');
  const [expires, setExpires] = useState('');
  const [maxUses, setMaxUses] = useState('');
  const create = useMutation({ mutationFn: createCoupon, onSuccess: onCreated, onError: failed });
  function submit(event: FormEvent) {
    event.preventDefault();
    const amount = Number(value.replace(',', '.'));
    create.mutate({
      code,
      kind,
      // A fixed amount is typed in dollars and kept in cents.
      value: kind === 'percent' ? Math.round(amount) : Math.round(amount * 100),
      beat_ids: [],
      expires_at: expires ? new Date(`${expires}T23:59:59Z`).toISOString() : null,
      max_uses: maxUses ? Number(maxUses) : null,
    });
  }
  return (
    <form onSubmit={submit} aria-label="New coupon" className="flex flex-wrap items-end gap-2">
      <TextField label="Code" width="w-36 uppercase" value={code} onValue={setCode} required />
      <label className="flex flex-col gap-1 text-sm">
        Discount
        <select className={input} value={kind} onChange={(e) => setKind(e.target.value as CouponKind)}>
          <option value="percent">Percent</option>
          <option value="fixed">Fixed amount (USD)</option>
        </select>
      </label>
      <TextField
        label={kind === 'percent' ? 'Percent off' : 'Dollars off'}
        width="w-24"
        inputMode="decimal"
        value={value}
        onValue={setValue}
        required
      />
      <TextField label="Ends (optional)" type="date" value={expires} onValue={setExpires} />
      <TextField
        label="Uses (optional)"
        width="w-20"
        inputMode="numeric"
        value={maxUses}
        onValue={setMaxUses}
      />
      <Button type="submit" size="md" disabled={create.isPending}>
        Create coupon
      </Button>
    </form>
  );
}

/** The producer's dashboard section for their coupons and bulk deal. */
export function CouponsSection({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const coupons = useQuery(myCouponsQueryOptions(userId));
  const refresh = () => queryClient.invalidateQueries({ queryKey: couponKeys.mine(userId) });
  const remove = useMutation({ mutationFn: deleteCoupon, onSuccess: refresh, onError: failed });
  return (
    <section
      aria-labelledby="coupons-heading"
      className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-6"
    >
      <h2 id="coupons-heading" className="text-xl font-bold">
        Coupons and deals
      </h2>
      <NewCouponForm onCreated={() => void refresh()} />
      {coupons.data && coupons.data.length > 0 ? (
        <ul className="flex flex-col gap-2" aria-label="Your coupons">
          {coupons.data.map((coupon) => (
            <li
              key={coupon.id}
              className="flex items-center gap-3 rounded-xl border border-line bg-surface/60 px-3 py-2"
            >
              <span className="font-mono font-semibold">{coupon.code}</span>
              <span className="flex-1 text-sm text-muted">{describe(coupon)}</span>
              <Button
                variant="ghost"
                size="sm"
                disabled={remove.isPending}
                aria-label={`Delete coupon ${coupon.code}`}
                onClick={() => remove.mutate(coupon.id)}
              >
                Delete
              </Button>
            </li>
          ))}
        </ul>
      ) : coupons.data ? (
        <p className="text-sm text-muted">No coupons yet.</p>
      ) : null}
      <DealForm producerId={userId} />
    </section>
  );
}
