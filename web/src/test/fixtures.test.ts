import { describe, expect, it } from 'vitest';
import { makeBeat, makeNotification, makeProfile } from './fixtures';

// The fixtures are only worth having if they refuse what the server would never send.
describe('test fixtures', () => {
  it('refuse a value the contract does not allow', () => {
    expect(() => makeBeat({ genre: 'Polka' as never })).toThrow();
    expect(() => makeBeat({ play_count: 1.5 })).toThrow();
    expect(() => makeNotification({ type: 'wave' as never })).toThrow();
    expect(() => makeProfile('u1', { profile: { verified: 'yes' as never } })).toThrow();
  });

  it('drop a field the contract does not have, so a stub cannot carry one', () => {
    expect(makeBeat({ ...({ secret_field: 1 } as object) })).not.toHaveProperty('secret_field');
  });
});
