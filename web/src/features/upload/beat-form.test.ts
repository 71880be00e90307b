import { describe, expect, it } from 'vitest';
import { makeBeat } from '../../test/fixtures';
import {
  beatFormFrom,
  EMPTY_BEAT_FORM,
  parseBeatForm,
  titleFromFileName,
  withFree,
  withPrice,
  type BeatFormValues,
} from './beat-form';

const errorsOf = (values: BeatFormValues) => {
  const result = parseBeatForm(values, 'USD');
  return result.ok ? {} : result.errors;
};
const fieldsOf = (values: BeatFormValues, currency: 'USD' | 'EUR' = 'USD') => {
  const result = parseBeatForm(values, currency);
  if (!result.ok) throw new Error(`unexpected errors: ${JSON.stringify(result.errors)}`);
  return result.fields;
};

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
    ['12,50', 'EUR', 1250],
    ['19.99', 'EUR', 1999],
    ['abc', 'USD', 0],
    ['', 'USD', 0],
    ['150', 'USD', 10000],
    ['100', 'EUR', 10000],
    ['-3', 'USD', 0],
  ] as const)('price %s in %s is sent as typed: %i cents of that currency', (price, currency, cents) => {
    const fields = fieldsOf({ ...EMPTY_BEAT_FORM, title: 'Run', price, free: cents === 0 }, currency);
    expect(fields).toMatchObject({ list_price_cents: cents, list_currency: currency, is_free: cents === 0 });
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

  it('checks title, BPM and description with the create contract’s own rules', () => {
    expect(errorsOf({ ...EMPTY_BEAT_FORM, title: '  ' })).toEqual({ title: 'Title is required' });
    expect(errorsOf({ ...EMPTY_BEAT_FORM, title: 'A', bpm: '59' })).toEqual({
      bpm: 'BPM must be a whole number between 60 and 200',
    });
    expect(errorsOf({ ...EMPTY_BEAT_FORM, title: 'A', bpm: '120.5' }).bpm).toBeDefined();
    expect(errorsOf({ ...EMPTY_BEAT_FORM, title: 'A', bpm: '' })).toEqual({});
    expect(errorsOf({ ...EMPTY_BEAT_FORM, title: 'A\u0000', description: 'x\u0000' })).toEqual({
      title: 'Title must not contain the NUL character (\\u0000)',
      description: 'Description must not contain the NUL character (\\u0000)',
    });
  });

  it('builds the API fields: trimmed, empty choices null, free means price 0', () => {
    expect(
      fieldsOf({
        ...EMPTY_BEAT_FORM,
        title: ' Run ',
        description: ' ',
        bpm: '',
        key: '',
        mood: 'Chill',
        price: '5',
        free: false,
      }),
    ).toEqual({
      title: 'Run',
      description: null,
      bpm: null,
      genre: 'Hip-Hop',
      key_signature: null,
      mood: 'Chill',
      list_price_cents: 500,
      list_currency: 'USD',
      license_offers: {
        basic: { enabled: true, price_cents: null },
        premium: { enabled: true, price_cents: null },
        trackout: { enabled: true, price_cents: null },
        exclusive: { enabled: true, price_cents: null },
      },
      is_free: false,
    });
    expect(fieldsOf({ ...EMPTY_BEAT_FORM, title: 'Run', price: '5', free: true })).toMatchObject({
      list_price_cents: 0,
      is_free: true,
    });
  });

  it('sends the price as typed in the user’s currency, never converted, clamped to 100', () => {
    expect(fieldsOf({ ...EMPTY_BEAT_FORM, title: 'Run', price: '10', free: false }, 'EUR')).toMatchObject({
      list_price_cents: 1000,
      list_currency: 'EUR',
      is_free: false,
    });
    expect(fieldsOf({ ...EMPTY_BEAT_FORM, title: 'Run', price: '250', free: false }, 'EUR')).toMatchObject({
      list_price_cents: 10000,
    });
  });

  it('a producer who typed €19.99 sees €19.99 again, not €20.05 (USD and back)', () => {
    const listed = makeBeat({ price_cents: 2359, list_price_cents: 1999, list_currency: 'EUR' });
    expect(beatFormFrom(listed, 'EUR').price).toBe('19.99');
    // Someone using the other currency sees the USD worth.
    expect(beatFormFrom(listed, 'USD').price).toBe('23.59');
  });

  it('sends the licence offer: an empty price is the default, a typed one its cents, a switch its state', () => {
    const offers = {
      ...EMPTY_BEAT_FORM.offers,
      basic: { enabled: false, price: '' },
      exclusive: { enabled: true, price: '499,50' },
    };
    expect(fieldsOf({ ...EMPTY_BEAT_FORM, title: 'Run', price: '20', offers })?.license_offers).toMatchObject(
      {
        basic: { enabled: false, price_cents: null },
        exclusive: { enabled: true, price_cents: 49_950 },
      },
    );
    const none = Object.fromEntries(
      Object.keys(offers).map((id) => [id, { enabled: false, price: '' }]),
    ) as typeof offers;
    expect(
      errorsOf({ ...EMPTY_BEAT_FORM, title: 'Run', price: '20', offers: none }).license_offers,
    ).toBeDefined();
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
