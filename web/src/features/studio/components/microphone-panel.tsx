import { STUDIO_RANGES } from '@beatroom/shared/studio-settings';
import { Mic } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/form-field';
import { PanelSection } from '../../../components/ui/panel-section';
import { describeError } from '../../../lib/error-text';
import type { InputDevice } from '../../../lib/platform';
import { useStudioStore } from '../store/studio-store';
import { percent, SliderField, ToggleField } from './slider-field';

const { min: MIN_BARS, max: MAX_BARS } = STUDIO_RANGES.countInBars;
const BAR_CHOICES = Array.from({ length: MAX_BARS - MIN_BARS + 1 }, (_, i) => MIN_BARS + i);

export interface MicrophonePanelProps {
  devices: InputDevice[];
  deviceId: string | null | undefined;
  onDeviceChange: (deviceId: string | null) => void;
  /** A take is being counted in or recorded: the device cannot change now. */
  busy: boolean;
  /** The microphone and the beat are ready (calibration needs the microphone). */
  ready: boolean;
  /** Measures the loopback round trip in ms; null when the click was not heard. */
  onCalibrate: () => Promise<number | null>;
}

type Calibration = { state: 'idle' } | { state: 'running' } | { state: 'done'; ms: number | null };

/**
 * Loopback calibration: a click through the speakers, heard by the microphone, times the real
 * round trip so takes line up with the beat better than the browser's own latency figures.
 */
function LatencyCalibration({
  disabled,
  onCalibrate,
}: {
  disabled: boolean;
  onCalibrate: () => Promise<number | null>;
}) {
  const [calibration, setCalibration] = useState<Calibration>({ state: 'idle' });
  const run = async () => {
    setCalibration({ state: 'running' });
    try {
      setCalibration({ state: 'done', ms: await onCalibrate() });
    } catch (error) {
      console.error(`Calibration failed: ${describeError(error)}`);
      setCalibration({ state: 'done', ms: null });
    }
  };
  return (
    <div className="flex flex-col gap-2 rounded-2xl bg-fg/5 p-3">
      <div className="flex items-center justify-between gap-3">
        <span className="text-sm font-medium">Latency</span>
        <Button
          size="sm"
          variant="secondary"
          disabled={disabled || calibration.state === 'running'}
          onClick={() => void run()}
        >
          {calibration.state === 'running' ? 'Listening…' : 'Calibrate'}
        </Button>
      </div>
      <p role="status" className="text-xs text-muted">
        {calibration.state === 'done'
          ? calibration.ms === null
            ? 'The click was not heard, so takes keep the automatic alignment. Turn the speakers up near the microphone and try again.'
            : `Measured round trip: ${calibration.ms} ms. Takes are aligned with it.`
          : 'Takes are aligned automatically. With speakers, calibrate once for the exact figure (headphones off, speakers up).'}
      </p>
    </div>
  );
}

/** Mic gain, metronome, count-in and its bars, and the input device when there is a choice. */
export function MicrophonePanel({
  devices,
  deviceId,
  onDeviceChange,
  busy,
  ready,
  onCalibrate,
}: MicrophonePanelProps) {
  const settings = useStudioStore((state) => state.settings);
  const setSetting = useStudioStore((state) => state.setSetting);
  const barsId = useId();
  const deviceSelectId = useId();

  return (
    <PanelSection title="Microphone" Icon={Mic}>
      <div className="mt-3 flex flex-col gap-4">
        {devices.length > 0 ? (
          <div className="flex flex-col gap-1">
            <label htmlFor={deviceSelectId} className="text-sm font-medium">
              Input device
            </label>
            <select
              id={deviceSelectId}
              className={inputClasses}
              value={deviceId ?? ''}
              disabled={busy}
              onChange={(event) => onDeviceChange(event.target.value || null)}
            >
              <option value="">System default</option>
              {devices.map((device) => (
                <option key={device.deviceId} value={device.deviceId}>
                  {device.label}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <SliderField
          label="Mic Gain"
          min={STUDIO_RANGES.micVolume.min * 100}
          max={STUDIO_RANGES.micVolume.max * 100}
          value={Math.round(settings.micVolume * 100)}
          format={(value) => percent(value / 100)}
          onChange={(value) => setSetting('micVolume', value / 100)}
        />
        <ToggleField
          label="Metronome"
          checked={settings.metronomeEnabled}
          onChange={(checked) => setSetting('metronomeEnabled', checked)}
        />
        <ToggleField
          label="Count-in"
          checked={settings.countInEnabled}
          onChange={(checked) => setSetting('countInEnabled', checked)}
        />
        <div className="flex items-center justify-between gap-3">
          <label htmlFor={barsId} className="text-sm font-medium">
            Count-in bars
          </label>
          <select
            id={barsId}
            className={`${inputClasses} w-24`}
            value={settings.countInBars}
            disabled={!settings.countInEnabled}
            onChange={(event) => setSetting('countInBars', Number(event.target.value))}
          >
            {BAR_CHOICES.map((bars) => (
              <option key={bars} value={bars}>
                {bars}
              </option>
            ))}
          </select>
        </div>
        <LatencyCalibration disabled={busy || !ready} onCalibrate={onCalibrate} />
      </div>
    </PanelSection>
  );
}
