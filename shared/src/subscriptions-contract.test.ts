import { describe, expect, it } from 'vitest';
import { AccountCheckoutResponse, SubscribeBody, SubscribeResponse } from './subscriptions-contract';

describe('SubscribeBody', () => {
  it('defaults to a new card without saving it', () => {
    expect(SubscribeBody.parse({ tier_id: 't1' })).toEqual({
      tier_id: 't1',
      save_payment_method: false,
      payment_method: 'new_card',
    });
  });

  it.each([
    [{}, 'tier_id'],
    [{ tier_id: '' }, 'tier_id'],
    [{ tier_id: 't1', payment_method: 'saved' }, 'saved_payment_method_id'],
    [{ tier_id: 't1', payment_method: 'cash' }, 'payment_method'],
  ])('refuses %j, naming %s', (body, field) => {
    const result = SubscribeBody.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toContain(field);
  });

  it('takes a saved method with its id', () => {
    const body = { tier_id: 't1', payment_method: 'saved', saved_payment_method_id: 'pm_1' };
    expect(SubscribeBody.parse(body)).toMatchObject(body);
  });
});

describe('the checkout answers', () => {
  it('are a checkout_url to visit or an immediate payment', () => {
    expect(AccountCheckoutResponse.parse({ checkout_url: 'https://x' })).toEqual({
      checkout_url: 'https://x',
    });
    expect(AccountCheckoutResponse.parse({ paid: true })).toEqual({ paid: true });
    expect(AccountCheckoutResponse.safeParse({ paid: false }).success).toBe(false);
    expect(SubscribeResponse.parse({ paid: true, subscription: null })).toEqual({
      paid: true,
      subscription: null,
    });
  });
});
