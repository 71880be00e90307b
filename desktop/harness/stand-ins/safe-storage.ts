import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { SafeStorageLike } from '../../src/main/auth/token-store';

/**
 * Electron's safeStorage without the OS keychain: AES-256-GCM with a key kept in a file beside
 * the harness's data (mode 0600). Good enough for a development harness whose folder is
 * temporary; the app itself uses the keychain.
 */
export function createSafeStorageStandIn(keyFile: string): SafeStorageLike {
  const key = () => {
    if (!existsSync(keyFile)) {
      mkdirSync(dirname(keyFile), { recursive: true });
      writeFileSync(keyFile, randomBytes(32), { mode: 0o600 });
    }
    return readFileSync(keyFile);
  };
  return {
    isEncryptionAvailable: () => true,
    encryptString(text) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key(), iv);
      const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    decryptString(data) {
      const decipher = createDecipheriv('aes-256-gcm', key(), data.subarray(0, 12));
      decipher.setAuthTag(data.subarray(12, 28));
      return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
