import { emptyArrangement, type Arrangement } from '../../shared/src/studio-arrangement';
import { addLoopPasses } from '../../shared/src/studio-arrangement-clips';
import { addTrack, compRegion, setTrack } from '../../shared/src/studio-arrangement-tracks';
import { StudioEffectSettings } from '../../shared/src/studio-settings';

/** The timeline bench's session: every effect on, on every track. */
export const EVERYTHING_ON = StudioEffectSettings.parse({
  reverbAmount: 50,
  delayAmount: 30,
  eqLow: 40,
  eqMid: 60,
  eqHigh: 70,
  compression: 60,
  vocalPan: 40,
  autoTune: 60,
  chorus: 40,
  distortion: 20,
  gate: 20,
});

/** `tracks` tracks, each with two passes of a `seconds`-long take comped half and half. */
export function benchArrangement(tracks: number, seconds: number): Arrangement {
  let a = emptyArrangement(EVERYTHING_ON);
  for (let t = 1; t < tracks; t++) a = addTrack(a);
  a.tracks.forEach((track, index) => {
    a = setTrack(a, track.id, { pan: (index / (tracks - 1)) * 2 - 1, volume: 0.6 });
    for (let pass = 0; pass < 2; pass++)
      a = addLoopPasses(a, {
        take: {
          id: `take-${index}-${pass}`,
          name: `Take ${index * 2 + pass + 1}`,
          source: null,
          duration: seconds,
        },
        trackId: track.id,
        firstSampleAt: 0,
        loop: { start: 0, end: seconds },
      });
    a = compRegion(a, track.id, 0, seconds / 2, 0);
  });
  return a;
}
