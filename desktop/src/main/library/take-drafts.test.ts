import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTakeDrafts } from './take-drafts';

const BEAT = '33333333-3333-4333-8333-333333333333';
const OTHER_BEAT = '44444444-4444-4444-8444-444444444444';
const WEBM = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3]);
const WAV = new Uint8Array([...'RIFF\0\0\0\0WAVE'].map((c) => c.charCodeAt(0)));

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function drafts(owner: { current: string | null } = { current: 'user-1' }) {
  const dir = mkdtempSync(join(tmpdir(), 'take-drafts-'));
  dirs.push(dir);
  return { dir, owner, store: createTakeDrafts({ dir, owner: () => owner.current }) };
}

const draft = (overrides: Record<string, unknown> = {}) => ({
  beatId: BEAT,
  recordingName: 'Late verse',
  format: 'webm' as const,
  audio: WEBM,
  recordedAt: '2026-11-29T03:00:00.000Z',
  ...overrides,
});

describe('unsaved takes in the local library', () => {
  it('keeps a take on disk and gives it back, per beat; a newer take replaces it', () => {
    const { store } = drafts();
    expect(store.find(BEAT)).toEqual({ draft: null });
    expect(store.keep(draft())).toEqual({ kept: true });
    const found = store.find(BEAT).draft;
    expect(found).toMatchObject({ beatId: BEAT, recordingName: 'Late verse', format: 'webm' });
    expect([...found!.audio]).toEqual([...WEBM]);
    expect(store.find(OTHER_BEAT).draft).toBeNull();

    store.keep(draft({ format: 'wav', audio: WAV, recordingName: 'Second' }));
    expect(store.find(BEAT).draft).toMatchObject({ recordingName: 'Second', format: 'wav' });
  });

  it('survives a restart of the app (a new store over the same folder)', () => {
    const { dir, owner, store } = drafts();
    store.keep(draft());
    const again = createTakeDrafts({ dir, owner: () => owner.current });
    expect(again.find(BEAT).draft?.recordingName).toBe('Late verse');
  });

  it("discards a beat's take (files gone); another account never sees it", () => {
    const { dir, owner, store } = drafts();
    store.keep(draft());
    owner.current = 'user-2';
    expect(store.find(BEAT).draft).toBeNull();
    expect(store.discard(BEAT)).toEqual({ discarded: false });
    owner.current = 'user-1';
    expect(store.discard(BEAT)).toEqual({ discarded: true });
    expect(store.find(BEAT).draft).toBeNull();
    const [folder] = readdirSync(dir);
    expect(readdirSync(join(dir, folder!))).toEqual([]);
  });

  it('refuses what is not a take, and keeps nothing signed out', () => {
    const { store, owner } = drafts();
    expect(() => store.keep(draft({ audio: new Uint8Array([1, 2, 3]) }))).toThrow('not WebM/Opus or WAV');
    expect(() => store.keep(draft({ beatId: '../x' }))).toThrow();
    owner.current = null;
    expect(() => store.keep(draft())).toThrow('Sign in');
    expect(store.find(BEAT).draft).toBeNull();
  });
});
