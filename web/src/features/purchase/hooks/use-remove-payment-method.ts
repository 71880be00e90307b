import type { PaymentMethod } from '@beatroom/shared/money-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { describeError, serverErrorText } from '../../../lib/error-text';
import { showToast } from '../../../lib/toast';
import { deletePaymentMethod, purchaseKeys } from '../api';

/**
 * DELETE /api/payment/methods/{id}: on success the method leaves the list at once; `onRemoved` lets
 * the dialog reset its choice when that method was the one chosen.
 */
export function useRemovePaymentMethod(userId: string, onRemoved: (id: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (method: PaymentMethod) => deletePaymentMethod(method.id),
    onSuccess: (_answer, method) => {
      queryClient.setQueryData<PaymentMethod[]>(purchaseKeys.paymentMethods(userId), (methods) =>
        methods?.filter((m) => m.id !== method.id),
      );
      onRemoved(method.id);
      void queryClient.invalidateQueries({ queryKey: purchaseKeys.paymentMethods(userId) });
    },
    onError: (error) => {
      console.error(`Failed to remove payment method: ${describeError(error)}`);
      showToast({
        type: 'error',
        title: 'The payment method could not be removed',
        message: serverErrorText(error) ?? 'Please try again.',
      });
    },
  });
}
