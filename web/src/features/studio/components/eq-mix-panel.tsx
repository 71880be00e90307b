import { STUDIO_RANGES } from '@beatroom/shared/studio-settings';
import { SlidersHorizontal } from 'lucide-react';
import { PanelSection } from '../../../components/ui/panel-section';
import { useStudioStore } from '../store/studio-store';
import { eqDb, pan, SliderField } from './slider-field';

/** The 3-band EQ (shown in dB), the compressor and the vocal's place in the stereo field. */
export function EqMixPanel() {
  const settings = useStudioStore((state) => state.settings);
  const setSetting = useStudioStore((state) => state.setSetting);

  return (
    <PanelSection title="EQ & Mix" Icon={SlidersHorizontal}>
      <div className="mt-3 flex flex-col gap-4">
        <SliderField
          label="Low (320 Hz)"
          {...STUDIO_RANGES.eqLow}
          value={settings.eqLow}
          format={eqDb}
          onChange={(value) => setSetting('eqLow', value)}
        />
        <SliderField
          label="Mid (1 kHz)"
          {...STUDIO_RANGES.eqMid}
          value={settings.eqMid}
          format={eqDb}
          onChange={(value) => setSetting('eqMid', value)}
        />
        <SliderField
          label="High (3.2 kHz)"
          {...STUDIO_RANGES.eqHigh}
          value={settings.eqHigh}
          format={eqDb}
          onChange={(value) => setSetting('eqHigh', value)}
        />
        <SliderField
          label="Compression"
          {...STUDIO_RANGES.compression}
          value={settings.compression}
          onChange={(value) => setSetting('compression', value)}
        />
        <SliderField
          label="Vocal Pan"
          {...STUDIO_RANGES.vocalPan}
          value={settings.vocalPan}
          format={pan}
          onChange={(value) => setSetting('vocalPan', value)}
        />
      </div>
    </PanelSection>
  );
}
