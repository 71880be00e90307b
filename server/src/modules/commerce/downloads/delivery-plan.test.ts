import { describe, expect, it } from 'vitest';
import {
  downloadAccess,
  downloadableFormats,
  downloadFilename,
  formatRefusal,
  masterFormat,
  planDelivery,
} from './delivery-plan';

describe('who may download', () => {
  it.each([
    [{ isOwner: true, isFree: false, licence: null, soldExclusive: true }, true, 'owner'],
    [{ isOwner: false, isFree: false, licence: 'basic', soldExclusive: false }, true, 'license'],
    [{ isOwner: false, isFree: false, licence: 'exclusive', soldExclusive: true }, true, 'license'],
    [{ isOwner: false, isFree: true, licence: null, soldExclusive: false }, true, 'free'],
    [{ isOwner: false, isFree: false, licence: null, soldExclusive: false }, false, 'payment_required'],
    [{ isOwner: false, isFree: false, licence: null, soldExclusive: true }, false, 'sold_exclusive'],
  ] as const)('%o → %s %s', (input, canDownload, reason) => {
    expect(downloadAccess(input)).toEqual({ canDownload, reason });
  });
});

describe('what is delivered', () => {
  const rendition = { format: 'mp3', source: 'rendition', rendition: 'mp3_320' };
  const master = (format: string) => ({ format, source: 'master' });

  it.each([
    // basic and free: MP3 320 only; a lossless master goes out as its rendition
    ['basic', 'wav', 'mp3', rendition, true],
    ['basic', 'wav', 'wav', rendition, false],
    ['basic', 'flac', 'flac', rendition, false],
    ['basic', 'mp3', 'wav', master('mp3'), false],
    ['free', 'wav', 'mp3', rendition, true],
    ['free', 'mp3', 'mp3', master('mp3'), true],
    // premium: WAV and MP3; WAV is the main format
    ['premium', 'wav', 'wav', master('wav'), true],
    ['premium', 'wav', 'mp3', rendition, true],
    ['premium', 'wav', 'flac', master('wav'), false],
    ['premium', 'flac', 'wav', master('flac'), false],
    ['premium', 'mp3', 'wav', master('mp3'), false],
    // exclusive and the producer: everything; the master as uploaded is the main format
    ['exclusive', 'flac', 'flac', master('flac'), true],
    ['exclusive', 'flac', 'mp3', rendition, true],
    ['exclusive', 'wav', 'flac', master('wav'), false],
    ['owner', 'wav', 'wav', master('wav'), true],
    ['owner', 'mp3', 'mp3', master('mp3'), true],
  ] as const)('%s of a %s master, preferring %s', (right, masterFmt, preference, file, formatMatch) => {
    expect(planDelivery({ right, master: masterFmt, wanted: preference })).toEqual({ file, formatMatch });
  });

  it.each([
    ['basic', 'wav', ['mp3']],
    ['free', 'flac', ['mp3']],
    ['premium', 'wav', ['wav', 'mp3']],
    ['premium', 'flac', ['flac', 'mp3']],
    ['premium', 'mp3', ['mp3']],
    ['exclusive', 'flac', ['flac', 'mp3']],
    ['owner', 'mp3', ['mp3']],
  ] as const)('%s of a %s master may download %j', (right, masterFmt, formats) => {
    expect(downloadableFormats(right, masterFmt)).toEqual(formats);
  });

  it.each([
    ['basic', 'wav', 'Your licence does not include WAV'],
    ['premium', 'flac', 'Your licence does not include FLAC'],
    ['free', 'wav', 'A free download does not include WAV'],
    ['premium', 'wav', 'This beat has no WAV file'],
    ['owner', 'flac', 'This beat has no FLAC file'],
  ] as const)('refuses %s asking for %s: %s', (right, format, message) => {
    expect(formatRefusal(right, format)).toBe(message);
  });

  it('reads the master format from its key', () => {
    expect(masterFormat('audio/0b7c1c43-1a0f-4c9e-9a53-9b8d1f0b2c11.wav')).toBe('wav');
    expect(masterFormat('audio/0b7c1c43-1a0f-4c9e-9a53-9b8d1f0b2c11.flac')).toBe('flac');
    expect(masterFormat('audio/0b7c1c43-1a0f-4c9e-9a53-9b8d1f0b2c11.mp3')).toBe('mp3');
  });

  it('names files after the beat, safely', () => {
    expect(downloadFilename('Night Drive', 'wav')).toBe('Night Drive.wav');
    expect(downloadFilename('a/b\\c:d*e?"<>|', 'mp3')).toBe('a b c d e.mp3');
    expect(downloadFilename('..\u0000', 'mp3')).toBe('beat.mp3');
    expect(downloadFilename('Été à Paris', 'flac')).toBe('Été à Paris.flac');
  });
});
