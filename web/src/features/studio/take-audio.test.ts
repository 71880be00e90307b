// The take's chain is routed to the output only while a take plays through it and its tail rings
// out; what the output hears is measured through node-web-audio-api's OfflineAudioContext.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_STUDIO_SETTINGS } from '@beatroom/shared/studio-settings';
import { offlineContext, play, rms, sine } from './engine/audio-test-utils';
import { buildVocalChain } from './engine/vocal-chain';
import { CHAIN_RELEASE_MS, chainRoute } from './take-audio';

/** A sine played into the chain, with the route as `arrange` leaves it; the rendered level. */
async function heard(
  arrange: (route: ReturnType<typeof chainRoute>, chain: ReturnType<typeof buildVocalChain>) => void,
) {
  const ctx = offlineContext(0.5);
  const chain = buildVocalChain(ctx, { ...DEFAULT_STUDIO_SETTINGS, reverbAmount: 0, gate: 0 });
  play(ctx, sine(440, 0.5, 0.3), chain.input);
  arrange(chainRoute(ctx.destination), chain);
  const out = await ctx.startRendering();
  return rms(out.getChannelData(0));
}

describe('chainRoute', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('leaves the chain unheard until a take plays through it', async () => {
    expect(await heard(() => undefined)).toBe(0);
    expect(await heard((route, chain) => route.connect(chain))).toBeGreaterThan(0.05);
  });

  it('keeps the chain connected while its tail rings out after the take stops, then lets it go', async () => {
    const ringing = await heard((route, chain) => {
      route.connect(chain);
      route.release();
      vi.advanceTimersByTime(CHAIN_RELEASE_MS - 1);
    });
    expect(ringing).toBeGreaterThan(0.05);
    const released = await heard((route, chain) => {
      route.connect(chain);
      route.release();
      vi.advanceTimersByTime(CHAIN_RELEASE_MS);
    });
    expect(released).toBe(0);
  });

  it('a take played again before the release keeps the chain connected', async () => {
    const level = await heard((route, chain) => {
      route.connect(chain);
      route.release();
      vi.advanceTimersByTime(CHAIN_RELEASE_MS / 2);
      route.connect(chain);
      vi.advanceTimersByTime(CHAIN_RELEASE_MS * 2);
    });
    expect(level).toBeGreaterThan(0.05);
  });

  it('disconnects at once when the studio closes, and twice is harmless', async () => {
    const level = await heard((route, chain) => {
      route.connect(chain);
      route.disconnect();
      route.disconnect();
    });
    expect(level).toBe(0);
  });
});
