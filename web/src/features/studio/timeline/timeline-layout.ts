import type { Arrangement } from '@beatroom/shared/studio-arrangement';
import { trackSlices } from '@beatroom/shared/studio-arrangement-playback';
import { createRef, useMemo, useState } from 'react';
import type { TimelineRowLayout } from './timeline-draw';
import type { TimelineLayerRefs } from './timeline-layers';
import { BEAT_LANE_HEIGHT, LANE_HEIGHT, laneCount, RULER_HEIGHT } from './timeline-geometry';

/**
 * Where each track's lanes sit under the ruler and the beat's lane, the timeline's height, and
 * what each track plays (its comped slices): what the canvas layers draw, for the studio's
 * panel and the read-only view alike.
 */
export function useTimelineLayout(arrangement: Arrangement) {
  const rows = useMemo(() => {
    let top = RULER_HEIGHT + BEAT_LANE_HEIGHT;
    return arrangement.tracks.map((track) => {
      const lanes = laneCount(arrangement.clips.filter((c) => c.trackId === track.id).map((c) => c.lane));
      const row: TimelineRowLayout = { trackId: track.id, top, lanes };
      top += lanes * LANE_HEIGHT;
      return row;
    });
  }, [arrangement]);
  const height = rows.reduce((h, row) => h + row.lanes * LANE_HEIGHT, RULER_HEIGHT + BEAT_LANE_HEIGHT);
  const slices = useMemo(
    () =>
      Object.fromEntries(arrangement.tracks.map((track) => [track.id, trackSlices(arrangement, track.id)])),
    [arrangement],
  );
  return { rows, height, slices };
}

/** The elements the timeline's layers draw into, made once for the timeline's life. */
export function useTimelineLayerRefs(): TimelineLayerRefs {
  const [layers] = useState<TimelineLayerRefs>(() => ({
    scroller: createRef(),
    tiles: createRef(),
    playhead: createRef(),
    live: createRef(),
  }));
  return layers;
}
