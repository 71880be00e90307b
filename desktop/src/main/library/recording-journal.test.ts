import { appendFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useLibraryFixture } from './library-ipc.test-setup';
import { fixWavHeader } from './recording-journal';

/** A WebM stream's start, then its 100 ms chunks as a recorder hands them over. */
const HEADER = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]);
const chunk = (n: number) => new Uint8Array(50).fill(n);

const fixture = useLibraryFixture('beatroom-recording-journal-');

/** Main's services as a start of the app makes them (offline: nothing reaches a server). */
function start(owner: () => string | null = () => 'u1') {
  const invoke = fixture.ipc(fixture.library(undefined, owner));
  return async <T>(channel: string, request: unknown): Promise<T> => {
    const answer = await invoke<T>(`timeline:${channel}`, request);
    if (!answer.ok) throw new Error(answer.error);
    return answer.data;
  };
}

const journalDir = () => join(fixture.libraryDir(), 'takes', 'timeline', 'recording');

describe('a recording kept as it is captured', () => {
  it('appends each chunk to disk and forgets the journal once the take is kept', async () => {
    const invoke = start();
    const { recordingId } = await invoke<{ recordingId: string }>('beginRecording', { beatId: 'beat-1' });
    expect(await invoke('appendRecording', { recordingId, chunk: HEADER })).toEqual({ bytes: 9 });
    expect(await invoke('appendRecording', { recordingId, chunk: chunk(1) })).toEqual({ bytes: 59 });
    await invoke('finishRecording', { recordingId });
    expect(readdirSync(journalDir())).toEqual([]);
    await expect(invoke('appendRecording', { recordingId, chunk: chunk(2) })).rejects.toThrow(
      'This recording is not under way.',
    );
  });

  it('keeps what was captured when the app is killed, cut back to the last whole chunk, as a take of its beat', async () => {
    const invoke = start();
    const { recordingId } = await invoke<{ recordingId: string }>('beginRecording', { beatId: 'beat-1' });
    for (const bytes of [HEADER, chunk(1), chunk(2)])
      await invoke('appendRecording', { recordingId, chunk: bytes });
    // Killed in the middle of the next append: part of a chunk is on disk, the journal never knew.
    appendFileSync(join(journalDir(), `${recordingId}.part`), chunk(3).subarray(0, 17));

    const restarted = start();
    const { ids } = await restarted<{ ids: string[] }>('recoveredTakes', { beatId: 'beat-1' });
    expect(ids).toHaveLength(1);
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}\.webm$/);
    const { audio } = await restarted<{ audio: Uint8Array }>('readTake', { id: ids[0] });
    expect([...audio]).toEqual([...HEADER, ...chunk(1), ...chunk(2)]);
    // Queued for the server like any take, and answered once.
    const row = fixture.db().prepare('SELECT state FROM timeline_takes WHERE id = ?').get(ids[0]) as {
      state: string;
    };
    expect(['queued', 'uploading', 'failed']).toContain(row.state);
    expect(await restarted('recoveredTakes', { beatId: 'beat-1' })).toEqual({ ids: [] });
    expect(readdirSync(journalDir())).toEqual([]);
  });

  it("answers a recovered take only to its account and beat, and refuses another account's appends", async () => {
    let owner = 'u1';
    const invoke = start(() => owner);
    const { recordingId } = await invoke<{ recordingId: string }>('beginRecording', { beatId: 'beat-1' });
    await invoke('appendRecording', { recordingId, chunk: HEADER });
    owner = 'u2';
    await expect(invoke('appendRecording', { recordingId, chunk: chunk(1) })).rejects.toThrow(
      'This recording is not under way.',
    );
    const restarted = start(() => owner);
    expect(await restarted('recoveredTakes', { beatId: 'beat-1' })).toEqual({ ids: [] });
    owner = 'u1';
    expect(await restarted('recoveredTakes', { beatId: 'beat-2' })).toEqual({ ids: [] });
    expect(await restarted<{ ids: string[] }>('recoveredTakes', { beatId: 'beat-1' })).toMatchObject({
      ids: [expect.any(String)],
    });
  });

  it('drops a recording killed before any audio reached the disk', async () => {
    const invoke = start();
    await invoke('beginRecording', { beatId: 'beat-1' });
    const restarted = start();
    expect(await restarted('recoveredTakes', { beatId: 'beat-1' })).toEqual({ ids: [] });
    expect(readdirSync(journalDir())).toEqual([]);
  });
});

/** A 16-bit stereo WAV header announcing `announced` data bytes, followed by `frames` bytes. */
function wav(announced: number, dataBytes: number) {
  const bytes = new Uint8Array(44 + dataBytes).fill(7, 44);
  const view = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode('RIFF'), 0);
  view.setUint32(4, 36 + announced, true);
  bytes.set(new TextEncoder().encode('WAVEfmt '), 8);
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 2, true);
  view.setUint32(24, 48_000, true);
  view.setUint32(28, 48_000 * 4, true);
  view.setUint16(32, 4, true);
  view.setUint16(34, 16, true);
  bytes.set(new TextEncoder().encode('data'), 36);
  view.setUint32(40, announced, true);
  return bytes;
}

describe('fixWavHeader', () => {
  it('sets the RIFF and data sizes to what is there, in whole frames', () => {
    // Announced 1 MB (or 0, a recorder that writes sizes at the end), cut after 4 frames + 2 bytes.
    for (const announced of [1_000_000, 0]) {
      const fixed = new DataView(fixWavHeader(wav(announced, 18)).buffer);
      expect(fixed.byteLength).toBe(44 + 16);
      expect(fixed.getUint32(4, true)).toBe(36 + 16);
      expect(fixed.getUint32(40, true)).toBe(16);
    }
  });

  it('recovers a WAV recording cut short with its header fixed up', async () => {
    const invoke = start();
    const { recordingId } = await invoke<{ recordingId: string }>('beginRecording', { beatId: 'beat-1' });
    await invoke('appendRecording', { recordingId, chunk: wav(1_000_000, 10) });
    const restarted = start();
    const { ids } = await restarted<{ ids: string[] }>('recoveredTakes', { beatId: 'beat-1' });
    expect(ids[0]).toMatch(/\.wav$/);
    const { audio } = await restarted<{ audio: Uint8Array }>('readTake', { id: ids[0] });
    const view = new DataView(audio.buffer, audio.byteOffset, audio.byteLength);
    expect(audio.byteLength).toBe(44 + 8);
    expect(view.getUint32(40, true)).toBe(8);
    expect(view.getUint32(4, true)).toBe(44);
  });
});
