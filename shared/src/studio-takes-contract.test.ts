import { describe, expect, it } from 'vitest';
import { emptyArrangement } from './studio-arrangement';
import { addTake } from './studio-arrangement-clips';
import { DEFAULT_STUDIO_SETTINGS, StudioEffectSettings } from './studio-settings';
import { studioTakeIdOf, studioTakeIdsOf, studioTakeSource, withTakeSource } from './studio-takes-contract';

const FILE = '0b7c6f1e-2a3d-4e5f-8a9b-0c1d2e3f4a5b.webm';
const withTake = (id: string, source: string | null) =>
  addTake(emptyArrangement(StudioEffectSettings.parse(DEFAULT_STUDIO_SETTINGS)), {
    take: { id, name: 'Take 1', source, duration: 4 },
    trackId: 'track-1',
    start: 0,
  });

describe('studio take sources', () => {
  it('names an uploaded take file, and nothing else', () => {
    expect(studioTakeIdOf(studioTakeSource(FILE))).toBe(FILE);
    expect(studioTakeIdOf(null)).toBeNull();
    expect(studioTakeIdOf('draft-1')).toBeNull();
    expect(studioTakeIdOf('studio-take:../../etc/passwd')).toBeNull();
    expect(studioTakeIdOf('studio-take:0b7c6f1e-2a3d-4e5f-8a9b-0c1d2e3f4a5b.mp3')).toBeNull();
  });

  it('lists the files an arrangement names, once each; an old session without files names none', () => {
    const arrangement = withTake('take-1', studioTakeSource(FILE));
    expect(studioTakeIdsOf(arrangement)).toEqual([FILE]);
    expect(studioTakeIdsOf(withTake('take-1', null))).toEqual([]);
    expect(studioTakeIdsOf(undefined)).toEqual([]);
  });

  it('sets a take source without touching the input; an unknown take leaves it as it is', () => {
    const before = withTake('take-1', null);
    const after = withTakeSource(before, 'take-1', studioTakeSource(FILE));
    expect(after.takes[0]!.source).toBe(`studio-take:${FILE}`);
    expect(before.takes[0]!.source).toBeNull();
    expect(after.clips).toBe(before.clips);
    expect(withTakeSource(before, 'take-9', 'x')).toBe(before);
    expect(withTakeSource(after, 'take-1', studioTakeSource(FILE))).toBe(after);
  });
});
