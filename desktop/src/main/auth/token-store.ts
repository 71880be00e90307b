import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { SessionUser } from '@beatroom/shared/auth-contract';
import { z } from 'zod';

/** The part of Electron's safeStorage the store uses. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only: which secret store backs the encryption ('basic_text' means none). */
  getSelectedStorageBackend?(): string;
}

/** What is kept: the bearer token and the user it belongs to (so the app works offline). */
export const StoredSession = z.object({ token: z.string().min(1), user: SessionUser });
export type StoredSession = z.infer<typeof StoredSession>;

export interface TokenStore {
  load(): StoredSession | null;
  /** Remembers the session; `persisted` is false when it could only be kept in memory. */
  save(session: StoredSession): { persisted: boolean };
  clear(): void;
  /** Whether a saved session survives a restart on this machine. */
  readonly canPersist: boolean;
}

/**
 * Encryption is real only when the OS protects the key: Keychain (macOS), DPAPI (Windows), or a
 * Secret Service / KWallet on Linux. Electron's 'basic_text' fallback on Linux uses a hard-coded
 * key, which is no protection, so it counts as unavailable.
 */
export function encryptionAvailable(safeStorage: SafeStorageLike, platform: NodeJS.Platform): boolean {
  if (!safeStorage.isEncryptionAvailable()) return false;
  if (platform === 'linux' && safeStorage.getSelectedStorageBackend?.() === 'basic_text') return false;
  return true;
}

/**
 * The session token, encrypted with safeStorage in one file under userData. Without usable
 * encryption the token is never written to disk: it is kept in memory for this run only and the
 * user signs in again next time (the renderer tells them why). A damaged or foreign file is
 * deleted rather than trusted.
 */
export function createTokenStore(options: {
  file: string;
  safeStorage: SafeStorageLike;
  platform: NodeJS.Platform;
}): TokenStore {
  const { file, safeStorage } = options;
  let memory: StoredSession | null = null;
  const canPersist = () => encryptionAvailable(safeStorage, options.platform);

  return {
    get canPersist() {
      return canPersist();
    },

    load() {
      if (memory) return memory;
      if (!existsSync(file) || !canPersist()) return null;
      try {
        memory = StoredSession.parse(JSON.parse(safeStorage.decryptString(readFileSync(file))));
        return memory;
      } catch {
        rmSync(file, { force: true });
        return null;
      }
    },

    save(session) {
      memory = StoredSession.parse(session);
      if (!canPersist()) {
        rmSync(file, { force: true });
        return { persisted: false };
      }
      mkdirSync(dirname(file), { recursive: true });
      const temporary = `${file}.tmp`;
      writeFileSync(temporary, safeStorage.encryptString(JSON.stringify(memory)), { mode: 0o600 });
      renameSync(temporary, file);
      return { persisted: true };
    },

    clear() {
      memory = null;
      rmSync(file, { force: true });
    },
  };
}
