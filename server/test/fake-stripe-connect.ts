import { randomBytes } from 'node:crypto';
import type { FakeStripe } from './fake-stripe';

type Obj = Record<string, unknown> & { id: string };

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const missing = (what: string, id: string) => ({
  status: 404,
  body: {
    error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${id}'` },
  },
});

/**
 * Stripe Connect on the fake (payouts): Express accounts, onboarding links and transfers, plus
 * `complete(accountId)`, the producer finishing onboarding on Stripe's pages.
 */
export function addConnect(fake: FakeStripe) {
  const accounts = new Map<string, Obj>();
  const transfers = new Map<string, Obj>();
  const reversals = new Map<string, Obj>();

  fake.route('POST', /^\/v1\/accounts$/, (p) => {
    const account = {
      id: newId('acct'),
      object: 'account',
      type: p.type,
      email: p.email ?? null,
      metadata: p.metadata ?? {},
      capabilities: p.capabilities ?? {},
      details_submitted: false,
      charges_enabled: false,
      payouts_enabled: false,
    };
    accounts.set(account.id, account);
    return { body: account };
  });
  fake.route('GET', /^\/v1\/accounts\/([^/]+)$/, (_p, m) => {
    const account = accounts.get(m[1]!);
    return account ? { body: account } : missing('account', m[1]!);
  });
  fake.route('POST', /^\/v1\/account_links$/, (p) => {
    const account = String(p.account);
    if (!accounts.has(account)) return missing('account', account);
    return {
      body: {
        object: 'account_link',
        url: `https://connect.stripe.test/setup/e/${account}/${randomBytes(6).toString('hex')}`,
        created: Math.floor(Date.now() / 1000),
        expires_at: Math.floor(Date.now() / 1000) + 300,
        return_url: p.return_url,
        refresh_url: p.refresh_url,
        type: p.type,
      },
    };
  });
  fake.route('POST', /^\/v1\/transfers$/, (p) => {
    const destination = String(p.destination);
    const account = accounts.get(destination);
    if (!account) return missing('account', destination);
    if (!account.charges_enabled) {
      return {
        status: 400,
        body: { error: { type: 'invalid_request_error', message: 'Account cannot receive transfers' } },
      };
    }
    const transfer = {
      id: newId('tr'),
      object: 'transfer',
      amount: Number(p.amount),
      currency: p.currency,
      destination,
      transfer_group: p.transfer_group ?? null,
      metadata: p.metadata ?? {},
      amount_reversed: 0,
      reversed: false,
    };
    transfers.set(transfer.id, transfer);
    return { body: transfer };
  });
  // A transfer reversal takes money back from the connected account, at most what is left.
  fake.route('POST', /^\/v1\/transfers\/([^/]+)\/reversals$/, (p, m) => {
    const transfer = transfers.get(m[1]!);
    if (!transfer) return missing('transfer', m[1]!);
    const left = Number(transfer.amount) - Number(transfer.amount_reversed ?? 0);
    const amount = p.amount === undefined ? left : Number(p.amount);
    if (amount <= 0 || amount > left) {
      return {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            message: `Amount (${amount}) is greater than the transfer's unreversed amount (${left})`,
          },
        },
      };
    }
    const reversal = {
      id: newId('trr'),
      object: 'transfer_reversal',
      amount,
      currency: transfer.currency,
      transfer: transfer.id,
      metadata: p.metadata ?? {},
    };
    transfer.amount_reversed = Number(transfer.amount_reversed ?? 0) + amount;
    transfer.reversed = transfer.amount_reversed === transfer.amount;
    reversals.set(reversal.id, reversal);
    return { body: reversal };
  });

  return {
    accounts,
    transfers,
    reversals,
    /** The producer finished onboarding: the account can take charges and be paid out. */
    complete(
      accountId: string,
    ): Obj & { details_submitted: boolean; charges_enabled: boolean; payouts_enabled: boolean } {
      const account = accounts.get(accountId);
      if (!account) throw new Error(`no account ${accountId}`);
      Object.assign(account, { details_submitted: true, charges_enabled: true, payouts_enabled: true });
      return { ...account, details_submitted: true, charges_enabled: true, payouts_enabled: true };
    },
  };
}
