// What a purchase may be refused with (the server's error texts): zod-free, so the cards'
// download and price buttons can tell these apart without zod in the first load.
// money-contract.ts re-exports it.

export const PURCHASE_ERRORS = {
  OWN_BEAT: 'You cannot buy your own beat',
  FREE_BEAT: 'This beat is free: there is nothing to buy',
  ALREADY_HELD: 'You already hold this licence',
  SOLD_EXCLUSIVE: 'This beat has been sold exclusively',
  RESERVED: 'This beat is being purchased by another buyer',
  PRICE_CHANGED: 'The price has changed',
  SAVED_METHOD_NOT_FOUND: 'Saved payment method not found',
} as const;
