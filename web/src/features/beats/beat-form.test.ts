import { describe, expect, it } from 'vitest';
import { makeBeat } from '../../test/beat-fixtures';
import {
  beatFormFrom,
  EMPTY_BEAT_FORM,
  priceCentsOf,
  titleFromFileName,
  toBeatFields,
  validateBeatForm,
  withFree,
  withPrice,
} from './beat-form';

describe('the upload and edit form rules', () => {
  it.each([
    ['Dark Nights.mp3', 'Dark Nights'],
    ['beat.final.wav', 'beat.final'],
    ['.hidden', '.hidden'],
    ['no-extension', 'no-extension'],
  ])('prefills the title %s → %s', (name, title) => {
    expect(titleFromFileName(name)).toBe(title);
  });

  it.each([
    ['12.50', 'USD', 1250],
    ['12,50', 'EUR', 1475],
    ['abc', 'USD', 0],
    ['', 'USD', 0],
    ['150', 'USD', 10000],
    ['100', 'EUR', 10000],
    ['-3', 'USD', 0],
  ] as const)('price %s in %s is %i USD cents', (price, currency, cents) => {
    expect(priceCentsOf(price, currency)).toBe(cents);
  });

  it('a price above zero unticks Free, zero or nothing valid ticks it', () => {
    expect(withPrice(EMPTY_BEAT_FORM, '9.99', 'USD').free).toBe(false);
    expect(withPrice({ ...EMPTY_BEAT_FORM, free: false }, '0', 'USD').free).toBe(true);
    expect(withPrice({ ...EMPTY_BEAT_FORM, free: false }, 'x', 'USD').free).toBe(true);
  });

  it('ticking Free sets the price to 0; unticking clears it', () => {
    expect(withFree({ ...EMPTY_BEAT_FORM, price: '20', free: false }, true)).toMatchObject({
      free: true,
      price: '0',
    });
    expect(withFree(EMPTY_BEAT_FORM, false)).toMatchObject({ free: false, price: '' });
  });

  it('validates title and BPM', () => {
    expect(validateBeatForm({ ...EMPTY_BEAT_FORM, title: '  ' })).toEqual({ title: 'Title is required' });
    expect(validateBeatForm({ ...EMPTY_BEAT_FORM, title: 'A', bpm: '59' }).bpm).toMatch(/60 to 200/);
    expect(validateBeatForm({ ...EMPTY_BEAT_FORM, title: 'A', bpm: '120.5' }).bpm).toBeDefined();
    expect(validateBeatForm({ ...EMPTY_BEAT_FORM, title: 'A', bpm: '' })).toEqual({});
  });

  it('builds the API fields: trimmed, empty choices null, free means price 0', () => {
    expect(
      toBeatFields(
        {
          ...EMPTY_BEAT_FORM,
          title: ' Run ',
          description: ' ',
          bpm: '',
          key: '',
          mood: 'Chill',
          price: '5',
          free: false,
        },
        'USD',
      ),
    ).toEqual({
      title: 'Run',
      description: null,
      bpm: null,
      genre: 'Hip-Hop',
      key_signature: null,
      mood: 'Chill',
      price_cents: 500,
      is_free: false,
    });
    expect(toBeatFields({ ...EMPTY_BEAT_FORM, title: 'Run', price: '5', free: true }, 'USD')).toMatchObject({
      price_cents: 0,
      is_free: true,
    });
  });

  it('starts the edit form from the beat, the price in the user currency', () => {
    expect(beatFormFrom(makeBeat({ price_cents: 2000, bpm: null }), 'EUR')).toMatchObject({
      title: 'Midnight Run',
      bpm: '',
      key: 'C#',
      price: '17.00',
      free: false,
    });
    expect(beatFormFrom(makeBeat({ price_cents: 0, is_free: true }), 'USD')).toMatchObject({
      price: '0.00',
      free: true,
    });
  });
});
