import { describe, expect, it } from 'vitest';
import { CreditPurchaseBody, CreditsQuery, insufficientCreditsMessage } from './credits-contract';
import { PromoteBody } from './promotions-contract';

describe('CreditPurchaseBody', () => {
  it.each([100, 500, 1000, 2500, 5000, 10000])('accepts the pack of %i credits', (credits_amount) => {
    expect(CreditPurchaseBody.safeParse({ credits_amount }).success).toBe(true);
  });

  it.each([0, 99, 101, 750, 20000, -100, 1.5])('refuses %s credits, which is no pack', (credits_amount) => {
    const result = CreditPurchaseBody.safeParse({ credits_amount });
    expect(result.success).toBe(false);
  });

  it('defaults to a new card and needs the saved id to pay with a saved method', () => {
    expect(CreditPurchaseBody.parse({ credits_amount: 100 })).toMatchObject({
      payment_method: 'new_card',
      save_payment_method: false,
    });
    expect(CreditPurchaseBody.safeParse({ credits_amount: 100, payment_method: 'saved' }).success).toBe(
      false,
    );
    expect(
      CreditPurchaseBody.safeParse({
        credits_amount: 100,
        payment_method: 'saved',
        saved_payment_method_id: 'pm_1',
      }).success,
    ).toBe(true);
  });
});

describe('CreditsQuery', () => {
  it.each([
    [{}, 10],
    [{ limit: '5' }, 5],
    [{ limit: '100' }, 100],
  ])('%o → limit %i', (query, limit) => {
    expect(CreditsQuery.parse(query).limit).toBe(limit);
  });

  it.each(['0', '101', 'x', '2.5'])('refuses limit=%s', (limit) => {
    expect(CreditsQuery.safeParse({ limit }).success).toBe(false);
  });
});

describe('PromoteBody', () => {
  it('defaults to credits; a saved method needs its id', () => {
    expect(PromoteBody.parse({ promotion_type: 'homepage_boost' }).payment_method).toBe('credits');
    expect(PromoteBody.safeParse({ promotion_type: 'featured_week', payment_method: 'saved' }).success).toBe(
      false,
    );
    expect(PromoteBody.safeParse({ promotion_type: 'forever' }).success).toBe(false);
  });
});

it('words the 402 as documented', () => {
  expect(insufficientCreditsMessage(200)).toBe('Insufficient credits (need 200)');
});
