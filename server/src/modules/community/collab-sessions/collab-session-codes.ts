import { randomInt } from 'node:crypto';
import { SESSION_CODE_ALPHABET, SESSION_CODE_LENGTH } from '@beatroom/shared/collab-sessions-contract';

/** A fresh code: SESSION_CODE_LENGTH letters drawn with the CSPRNG, no modulo bias. */
export function newSessionCode(): string {
  let code = '';
  for (let i = 0; i < SESSION_CODE_LENGTH; i++)
    code += SESSION_CODE_ALPHABET[randomInt(SESSION_CODE_ALPHABET.length)];
  return code;
}

/** Draws before giving up on a free code (with 2^50 codes, the first one is free). */
const CODE_ATTEMPTS = 5;

/**
 * Writes a new session under a fresh code, drawing again when `write` finds the code taken (it
 * answers null); the session's id and its code.
 */
export async function createWithCode(write: (code: string) => Promise<{ id: string } | null>) {
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
    const code = newSessionCode();
    const created = await write(code);
    if (created) return { id: created.id, session_code: code };
  }
  throw new Error('no free session code');
}
