import { describe, expect, it } from 'vitest';
import { couponApplies, lineDiscounts, type DiscountLine } from './cart-discounts';

const line = (id: string, producerId: string, priceCents: number): DiscountLine => ({
  id,
  producerId,
  beatId: `beat-${id}`,
  priceCents,
});
const cents = (m: Map<string, { cents: number }>) => Object.fromEntries([...m].map(([k, v]) => [k, v.cents]));

describe('lineDiscounts', () => {
  const lines = [line('a', 'p1', 3000), line('b', 'p1', 1000), line('c', 'p1', 2000), line('d', 'p2', 999)];

  it('discounts nothing without deals or a coupon', () => {
    expect(cents(lineDiscounts(lines, new Map(), null))).toEqual({ a: 0, b: 0, c: 0, d: 0 });
  });

  it('makes the cheapest of every N + M of a producer’s lines free, other producers untouched', () => {
    const deals = new Map([['p1', { buyCount: 2, freeCount: 1 }]]);
    const result = lineDiscounts(lines, deals, null);
    expect(cents(result)).toEqual({ a: 0, b: 1000, c: 0, d: 0 });
    expect(result.get('b')!.reason).toBe('deal');
    // Two lines are not enough for buy 2 get 1.
    expect(cents(lineDiscounts(lines.slice(0, 2), deals, null))).toEqual({ a: 0, b: 0 });
  });

  it('takes a percent off each line of the coupon’s producer, halves up, skipping free lines', () => {
    const deals = new Map([['p1', { buyCount: 2, freeCount: 1 }]]);
    const coupon = { producerId: 'p1', kind: 'percent' as const, value: 15, beatIds: [] };
    expect(cents(lineDiscounts(lines, deals, coupon))).toEqual({ a: 450, b: 1000, c: 300, d: 0 });
    const p2 = { producerId: 'p2', kind: 'percent' as const, value: 50, beatIds: [] };
    // 999 × 50 % = 499.5 → 500.
    expect(cents(lineDiscounts(lines, new Map(), p2))).toEqual({ a: 0, b: 0, c: 0, d: 500 });
  });

  it('shares a fixed amount across the lines it names, to the cent, at most their sum', () => {
    const coupon = { producerId: 'p1', kind: 'fixed' as const, value: 1001, beatIds: ['beat-a', 'beat-b'] };
    const result = cents(lineDiscounts(lines, new Map(), coupon));
    expect(result).toEqual({ a: 751, b: 250, c: 0, d: 0 });
    const huge = { producerId: 'p2', kind: 'fixed' as const, value: 50_000, beatIds: [] };
    expect(cents(lineDiscounts(lines, new Map(), huge))).toEqual({ a: 0, b: 0, c: 0, d: 999 });
  });

  it('a coupon for beats not in the cart applies to nothing', () => {
    const coupon = { producerId: 'p3', kind: 'percent' as const, value: 10, beatIds: [] };
    expect(couponApplies(lineDiscounts(lines, new Map(), coupon))).toBe(false);
    const own = { producerId: 'p2', kind: 'percent' as const, value: 10, beatIds: [] };
    expect(couponApplies(lineDiscounts(lines, new Map(), own))).toBe(true);
  });
});
