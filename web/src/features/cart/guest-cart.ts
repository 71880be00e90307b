import { LICENSE_IDS, type LicenseId } from '@beatroom/shared/money-constants';
import { useSyncExternalStore } from 'react';

/**
 * A signed-out visitor's cart, kept in this browser until they sign in (then each line is added
 * to their cart on the server and this one is emptied). It keeps what the cart page shows before
 * prices can be asked for: the server prices lines only for a signed-in buyer.
 */
export interface GuestCartLine {
  beat_id: string;
  license_type: LicenseId;
  title: string;
  producer_name: string;
}

const STORAGE_KEY = 'beatroom.cart';
/** As many as a server cart holds. */
const MAX_LINES = 50;
const listeners = new Set<() => void>();
let cached: { raw: string | null; lines: GuestCartLine[] } = { raw: null, lines: [] };

function isLine(value: unknown): value is GuestCartLine {
  if (!value || typeof value !== 'object') return false;
  const line = value as Record<string, unknown>;
  return (
    typeof line.beat_id === 'string' &&
    (LICENSE_IDS as readonly unknown[]).includes(line.license_type) &&
    typeof line.title === 'string' &&
    typeof line.producer_name === 'string'
  );
}

function read(): GuestCartLine[] {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode): the visitor's cart is empty.
  }
  if (raw === cached.raw) return cached.lines;
  let lines: GuestCartLine[];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    // Whatever another tab or an old version left there that is not a line is dropped.
    lines = Array.isArray(parsed) ? parsed.filter(isLine).slice(0, MAX_LINES) : [];
  } catch {
    lines = [];
  }
  cached = { raw, lines };
  return lines;
}

function write(lines: GuestCartLine[]): void {
  try {
    if (lines.length === 0) window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, JSON.stringify(lines));
  } catch {
    // Storage refused: nothing is kept, as in private mode.
  }
  listeners.forEach((listener) => listener());
}

export const guestCart = {
  lines: read,
  /** Adds the beat, or changes the licence of its line. */
  put(line: GuestCartLine): void {
    const lines = read();
    const index = lines.findIndex((l) => l.beat_id === line.beat_id);
    if (index >= 0) write(lines.map((l, i) => (i === index ? line : l)));
    else if (lines.length < MAX_LINES) write([...lines, line]);
  },
  remove(beatId: string): void {
    write(read().filter((l) => l.beat_id !== beatId));
  },
  clear(): void {
    write([]);
  },
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changed it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The visitor's cart lines, kept current across this tab and others. */
export function useGuestCart(): GuestCartLine[] {
  return useSyncExternalStore(subscribe, read, () => []);
}
