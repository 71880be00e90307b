import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// safeStorage at Electron's boundary: a reversible "encryption" that is visibly not plain text,
// with switches for the cases the OS can produce.
const keychain = { available: true, backend: 'gnome_libsecret' };
vi.mock('electron', () => ({
  safeStorage: {
    isEncryptionAvailable: () => keychain.available,
    getSelectedStorageBackend: () => keychain.backend,
    encryptString: (text: string) =>
      Buffer.from(`ENC:${Buffer.from(text).toString('base64').split('').reverse().join('')}`),
    decryptString: (data: Buffer) => {
      const text = data.toString();
      if (!text.startsWith('ENC:'))
        throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      return Buffer.from(text.slice(4).split('').reverse().join(''), 'base64').toString();
    },
  },
}));

const { safeStorage } = await import('electron');
const { createTokenStore } = await import('./token-store');

const session = {
  token: 'secret-session-token-0123456789',
  user: {
    id: 'u1',
    email: 'ada@example.com',
    name: 'Ada',
    picture: null,
    isAdmin: false,
    isOwner: false,
    role: 'user' as const,
  },
};

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'beatroom-token-'));
  keychain.available = true;
  keychain.backend = 'gnome_libsecret';
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const storeAt = (platform: NodeJS.Platform = 'darwin') =>
  createTokenStore({ file: join(dir, 'session.bin'), safeStorage, platform });

describe('token store', () => {
  it('keeps the token encrypted at rest and reads it back after a restart', () => {
    const saved = storeAt().save(session);
    expect(saved).toEqual({ persisted: true });
    const onDisk = readFileSync(join(dir, 'session.bin'));
    expect(onDisk.toString()).not.toContain(session.token);
    expect(onDisk.toString()).not.toContain('ada@example.com');
    expect(storeAt().load()).toEqual(session);
  });

  it('forgets the token everywhere on clear', () => {
    const store = storeAt();
    store.save(session);
    store.clear();
    expect(store.load()).toBeNull();
    expect(existsSync(join(dir, 'session.bin'))).toBe(false);
    expect(storeAt().load()).toBeNull();
  });

  it('never writes the token when the OS offers no encryption: memory only, and says so', () => {
    keychain.available = false;
    const store = storeAt('win32');
    expect(store.canPersist).toBe(false);
    expect(store.save(session)).toEqual({ persisted: false });
    expect(existsSync(join(dir, 'session.bin'))).toBe(false);
    expect(store.load()).toEqual(session);
    // A restart starts signed out.
    expect(storeAt('win32').load()).toBeNull();
  });

  it("treats Linux's basic_text fallback (a hard-coded key) as no encryption", () => {
    keychain.backend = 'basic_text';
    const store = storeAt('linux');
    expect(store.canPersist).toBe(false);
    expect(store.save(session).persisted).toBe(false);
    expect(existsSync(join(dir, 'session.bin'))).toBe(false);
  });

  it('deletes a damaged or foreign file instead of trusting it', () => {
    writeFileSync(join(dir, 'session.bin'), 'plain text token');
    expect(storeAt().load()).toBeNull();
    expect(existsSync(join(dir, 'session.bin'))).toBe(false);
  });

  it('refuses to store something that is not a session', () => {
    expect(() => storeAt().save({ token: '', user: session.user })).toThrow();
  });
});
