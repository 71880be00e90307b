import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { serverErrorText } from '../../../lib/error-text';
import { showToast } from '../../../lib/toast';
import { couponKeys, dealQueryOptions, removeDeal, saveDeal } from '../api';
import { TextField } from './text-field';

/** "Buy N get M free" on all the producer's beats: set, changed or ended here. */
export function DealForm({ producerId }: { producerId: string }) {
  const queryClient = useQueryClient();
  const deal = useQuery(dealQueryOptions(producerId));
  const [buy, setBuy] = useState('');
  const [free, setFree] = useState('');
  const onSaved = () => queryClient.invalidateQueries({ queryKey: couponKeys.deal(producerId) });
  const onError = (error: unknown) =>
    showToast({ type: 'error', title: serverErrorText(error) ?? 'The deal could not be saved' });
  const save = useMutation({ mutationFn: saveDeal, onSuccess: onSaved, onError });
  const end = useMutation({ mutationFn: removeDeal, onSuccess: onSaved, onError });
  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ buy_count: Number(buy), free_count: Number(free) });
  }
  return (
    <form onSubmit={submit} aria-label="Bulk deal" className="flex flex-wrap items-end gap-2">
      <p className="w-full text-sm text-muted">
        {deal.data
          ? `Your deal: buy ${deal.data.buy_count} get ${deal.data.free_count} free (the cheapest in the cart).`
          : 'No bulk deal: offer "buy N get M free" on your beats.'}
      </p>
      <TextField label="Buy" width="w-16" inputMode="numeric" value={buy} onValue={setBuy} required />
      <TextField label="Get free" width="w-16" inputMode="numeric" value={free} onValue={setFree} required />
      <Button type="submit" variant="secondary" size="md" disabled={save.isPending}>
        Save deal
      </Button>
      {deal.data ? (
        <Button variant="ghost" size="md" disabled={end.isPending} onClick={() => end.mutate()}>
          End deal
        </Button>
      ) : null}
    </form>
  );
}
