import { STUDIO_RANGES } from '@beatroom/shared/studio-settings';
import { ChevronDown, Sliders } from 'lucide-react';
import { useId, useState } from 'react';
import { PanelSection } from '../../../components/ui/panel-section';
import { useStudioStore } from '../store/studio-store';
import { SliderField } from './slider-field';

/** Reverb, delay and pitch correction, with chorus, distortion and the gate under Advanced. */
export function EffectsPanel() {
  const settings = useStudioStore((state) => state.settings);
  const setSetting = useStudioStore((state) => state.setSetting);
  const [advanced, setAdvanced] = useState(false);
  const advancedId = useId();
  const range = (key: keyof typeof STUDIO_RANGES) => STUDIO_RANGES[key];

  return (
    <PanelSection title="Effects" Icon={Sliders}>
      <div className="mt-3 flex flex-col gap-4">
        <SliderField
          label="Reverb"
          {...range('reverbAmount')}
          value={settings.reverbAmount}
          onChange={(value) => setSetting('reverbAmount', value)}
        />
        <SliderField
          label="Delay"
          {...range('delayAmount')}
          value={settings.delayAmount}
          onChange={(value) => setSetting('delayAmount', value)}
        />
        <SliderField
          label="Auto-Tune"
          {...range('autoTune')}
          value={settings.autoTune}
          onChange={(value) => setSetting('autoTune', value)}
        />
        <button
          type="button"
          aria-expanded={advanced}
          aria-controls={advancedId}
          onClick={() => setAdvanced(!advanced)}
          className="inline-flex items-center gap-1 self-start text-sm font-medium text-muted hover:text-fg"
        >
          <ChevronDown
            aria-hidden="true"
            className={`size-4 transition-transform ${advanced ? 'rotate-180' : ''}`}
          />
          Advanced
        </button>
        {advanced ? (
          <div id={advancedId} className="flex flex-col gap-4 border-t border-line pt-4">
            <SliderField
              label="Chorus"
              {...range('chorus')}
              value={settings.chorus}
              onChange={(value) => setSetting('chorus', value)}
            />
            <SliderField
              label="Distortion"
              {...range('distortion')}
              value={settings.distortion}
              onChange={(value) => setSetting('distortion', value)}
            />
            <SliderField
              label="Noise Gate"
              {...range('gate')}
              value={settings.gate}
              onChange={(value) => setSetting('gate', value)}
            />
          </div>
        ) : null}
      </div>
    </PanelSection>
  );
}
