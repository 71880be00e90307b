import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  EMPTY_FILTERS,
  hasAdvancedFilters,
  readFilters,
  toListFilters,
  writeFilters,
} from './filters';

const read = (query: string) => readFilters(new URLSearchParams(query));

describe('readFilters', () => {
  it('reads the header links: genre (R&B encoded) and free', () => {
    expect(read('genre=R%26B')).toMatchObject({ genre: 'R&B', free: false });
    expect(read('free=true')).toMatchObject({ free: true, genre: '' });
  });

  it.each([
    ['genre=Polka', { genre: '' }],
    ['key=H', { key: '' }],
    ['mood=Sleepy', { mood: '' }],
    ['sort=random', { sort: 'newest' }],
    ['free=yes', { free: false }],
    ['featured=1', { featured: true }],
  ])('falls back for %s', (query, expected) => {
    expect(read(query)).toMatchObject(expected);
  });

  it('round-trips through writeFilters, leaving out the defaults', () => {
    const values = {
      ...EMPTY_FILTERS,
      search: 'dark keys',
      key: 'C#' as const,
      bpm_min: '90',
      free: true,
      sort: 'popular' as const,
    };
    const params = writeFilters(values);
    expect(params.toString()).toBe('search=dark+keys&key=C%23&bpm_min=90&free=true&sort=popular');
    expect(readFilters(params)).toEqual(values);
    expect(writeFilters(EMPTY_FILTERS).toString()).toBe('');
  });
});

describe('toListFilters', () => {
  it('sends only the filters in use, with the sort', () => {
    expect(toListFilters(EMPTY_FILTERS, 'USD')).toEqual({ sort: 'newest' });
    expect(toListFilters({ ...EMPTY_FILTERS, genre: 'Trap', free: true, featured: true }, 'USD')).toEqual({
      genre: 'Trap',
      free: true,
      featured: true,
      sort: 'newest',
    });
  });

  it('trims the search and caps it at 100 characters', () => {
    expect(toListFilters({ ...EMPTY_FILTERS, search: '  drill  ' }, 'USD').search).toBe('drill');
    expect(toListFilters({ ...EMPTY_FILTERS, search: 'x'.repeat(150) }, 'USD').search).toHaveLength(100);
  });

  it.each([
    [
      { bpm_min: '50', bpm_max: '250' },
      { bpm_min: 60, bpm_max: 200 },
    ],
    [{ bpm_min: '140.4' }, { bpm_min: 140 }],
    [
      { bpm_min: '150', bpm_max: '90' },
      { bpm_min: 90, bpm_max: 150 },
    ],
    [{ bpm_min: 'fast' }, {}],
  ])('keeps BPM within 60-200: %o → %o', (input, expected) => {
    const { sort: _sort, ...rest } = toListFilters({ ...EMPTY_FILTERS, ...input }, 'USD');
    expect(rest).toEqual(expected);
  });

  it.each([
    ['USD', { price_min: '5', price_max: '20.5' }, { price_min: 500, price_max: 2050 }],
    // EUR is converted to USD cents at 1.18.
    ['EUR', { price_min: '10', price_max: '100' }, { price_min: 1180, price_max: 10000 }],
    ['USD', { price_max: '250' }, { price_max: 10000 }],
    ['USD', { price_max: '0' }, { price_max: 0 }],
  ] as const)('converts prices typed in %s to USD cents: %o', (currency, input, expected) => {
    const { sort: _sort, ...rest } = toListFilters({ ...EMPTY_FILTERS, ...input }, currency);
    expect(rest).toEqual(expected);
  });

  it('turns minutes into seconds within 0-10 minutes', () => {
    const { sort: _sort, ...rest } = toListFilters(
      { ...EMPTY_FILTERS, duration_min: '1.5', duration_max: '12' },
      'USD',
    );
    expect(rest).toEqual({ duration_min: 90, duration_max: 600 });
  });
});

describe('counts', () => {
  it('counts active filters, not the sort, and spots advanced ones', () => {
    expect(activeFilterCount({ ...EMPTY_FILTERS, sort: 'oldest' })).toBe(0);
    expect(activeFilterCount({ ...EMPTY_FILTERS, genre: 'Pop', free: true, bpm_max: '120' })).toBe(3);
    expect(hasAdvancedFilters({ ...EMPTY_FILTERS, genre: 'Pop' })).toBe(false);
    expect(hasAdvancedFilters({ ...EMPTY_FILTERS, duration_max: '3' })).toBe(true);
  });
});
