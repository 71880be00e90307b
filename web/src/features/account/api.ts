import {
  AccountSummary,
  DeleteAccountResponse,
  type DeleteAccountBody,
} from '@beatroom/shared/account-contract';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';

/** The account query's key, once, keyed by user so another account never reads this one's. */
export const accountKeys = {
  all: ['account'] as const,
  summary: (userId: string) => ['account', userId] as const,
};

/** GET /api/account: name, e-mail, member since and the counts the account section shows. */
export function accountQueryOptions(userId: string) {
  return queryOptions({
    queryKey: accountKeys.summary(userId),
    queryFn: ({ signal }) => apiClient.get('/api/account', { schema: AccountSummary, signal }),
  });
}

/** DELETE /api/account/delete with the typed phrase; the server checks it again. */
export function deleteAccount(body: DeleteAccountBody) {
  return apiClient.delete('/api/account/delete', { body, schema: DeleteAccountResponse });
}
