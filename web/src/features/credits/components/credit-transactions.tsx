import type { CreditTransaction } from '@beatroom/shared/credits-contract';
import { formatDateTime } from '@beatroom/shared/format-dates';
import { formatCreditChange, formatCredits } from '@beatroom/shared/format-money';

/**
 * Ledger rows, newest first: what happened, when, the change (gains green, spends red) and the
 * balance after it. Empty: a line saying so (fetch errors leave the list empty).
 */
export function CreditTransactions({
  transactions,
  label,
}: {
  transactions: readonly CreditTransaction[];
  label: string;
}) {
  if (transactions.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-line px-4 py-6 text-center text-sm text-muted">
        No transactions yet
      </p>
    );
  }
  return (
    <ul aria-label={label} className="flex flex-col divide-y divide-line rounded-xl border border-line">
      {transactions.map((transaction) => (
        <li key={transaction.id} className="flex items-center justify-between gap-3 px-3 py-2.5 text-sm">
          <span className="min-w-0">
            <span className="block truncate font-medium">{transaction.description}</span>
            <span className="block text-xs text-muted">{formatDateTime(transaction.created_at)}</span>
          </span>
          <span className="shrink-0 text-right">
            <span
              className={`block font-semibold numeric ${transaction.amount >= 0 ? 'text-emerald-400' : 'text-red-400'}`}
            >
              {formatCreditChange(transaction.amount)}
            </span>
            <span className="block text-xs text-muted numeric">
              Balance {formatCredits(transaction.balance_after)}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
