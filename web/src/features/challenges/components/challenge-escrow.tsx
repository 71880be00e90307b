import type { ChallengeDetail } from '@beatroom/shared/challenges-contract';

const ESCROW_LABELS: Record<ChallengeDetail['escrow'][number]['kind'], string> = {
  prize_deposit: 'Prize deposited',
  platform_deposit: 'Prize funded by Beatroom',
  entry_fee: 'Entry fee',
  payout: 'Paid to the winner',
  refund: 'Refunded',
  release: 'Returned to Beatroom',
};

/** The prize escrow: what is held, and every movement in and out. */
export function ChallengeEscrow({ detail }: { detail: ChallengeDetail }) {
  return (
    <section
      aria-labelledby="escrow-title"
      className="flex flex-col gap-2 rounded-2xl border border-line p-4"
    >
      <h2 id="escrow-title" className="text-base font-semibold">
        Prize escrow: {detail.challenge.escrow_credits} credits held
      </h2>
      <ul className="flex flex-col gap-1 text-sm">
        {detail.escrow.map((m, index) => (
          <li key={index} className="flex justify-between gap-3 text-muted">
            <span>
              {ESCROW_LABELS[m.kind]}
              {m.user_name ? ` · ${m.user_name}` : ''}
            </span>
            <span className={`tabular-nums ${m.amount > 0 ? 'text-emerald-300' : 'text-fg'}`}>
              {m.amount > 0 ? `+${m.amount}` : m.amount}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
