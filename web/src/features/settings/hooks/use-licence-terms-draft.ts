import { ProducerLicenceTerms } from '@beatroom/shared/licence-terms-contract';
import type { LicenseId } from '@beatroom/shared/money-constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { serverErrorText } from '../../../lib/error-text';
import { ownLicenceTermsQueryOptions, saveLicenceTerms, settingsKeys } from '../api';
import { describeIssue, fromForm, toForm, type LicenceForm, type TermsForm } from '../licence-terms-form';

/**
 * The Licence terms form: the stored terms until the producer types, then their draft, kept
 * after a failed save for another try and dropped once saved.
 */
export function useLicenceTermsDraft(userId: string, onSaved?: () => void) {
  const query = useQuery(ownLicenceTermsQueryOptions(userId));
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<TermsForm | null>(null);
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: saveLicenceTerms,
    onSuccess: async () => {
      onSaved?.();
      await queryClient.invalidateQueries({ queryKey: settingsKeys.licenceTerms(userId) });
    },
  });

  const form = draft ?? (query.data ? toForm(query.data) : null);

  function change<K extends keyof LicenceForm>(licence: LicenseId, key: K, value: LicenceForm[K]) {
    if (!form) return;
    setDraft({ ...form, [licence]: { ...form[licence], [key]: value } });
  }

  /** Resolves true once stored. */
  async function save(): Promise<boolean> {
    if (!form) return false;
    // The server's own schema: a bad box is named here without a round trip.
    const checked = ProducerLicenceTerms.safeParse(fromForm(form));
    if (!checked.success) {
      const issue = checked.error.issues[0];
      setError(issue ? describeIssue(issue) : 'Invalid licence terms');
      return false;
    }
    setError(null);
    try {
      await mutation.mutateAsync(checked.data);
      setDraft(null);
      return true;
    } catch (failure) {
      setError(serverErrorText(failure) ?? 'Could not save your licence terms. Try again.');
      return false;
    }
  }

  return {
    form,
    loadError: query.isError,
    dirty: draft !== null,
    isSaving: mutation.isPending,
    error,
    change,
    save,
  };
}
