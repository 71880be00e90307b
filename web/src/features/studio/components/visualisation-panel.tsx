import { STUDIO_AUDIO } from '@beatroom/shared/studio-settings';
import { Activity } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { PanelSection } from '../../../components/ui/panel-section';
import { levelColour } from '../engine/meters';
import type { Levels, StudioAudio } from '../studio-audio';
import { useStudioStore } from '../store/studio-store';
import { ToggleField } from './slider-field';

const METER_CLASSES = { green: 'bg-green-500', yellow: 'bg-yellow-400', red: 'bg-red-500' } as const;
const WAVEFORM_POINTS = 256;

/** A level as the meter shows it: a whole percentage. */
const shownLevel = (level: number) => Math.round(Math.min(1, level) * 100);
/** Whether a meter showing `a` would look the same showing `b`. */
const sameMeter = (a: number, b: number) =>
  shownLevel(a) === shownLevel(b) && levelColour(a) === levelColour(b);

function LevelMeter({ label, level }: { label: string; level: number }) {
  const colour = levelColour(level);
  const shown = shownLevel(level);
  return (
    <div className="flex items-center gap-3 text-sm">
      <span className="w-14 shrink-0 font-medium">{label}</span>
      <div
        role="meter"
        aria-label={`${label} level`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={shown}
        data-colour={colour}
        className="h-3 flex-1 overflow-hidden rounded-full bg-fg/10"
      >
        {/* Scaled rather than sized: the compositor moves it without a layout or a repaint. */}
        <div
          className={`h-full w-full origin-left will-change-transform ${METER_CLASSES[colour]}`}
          style={{ transform: `scaleX(${shown / 100})` }}
        />
      </div>
      <span className="w-10 text-right text-muted tabular-nums">{shown}%</span>
    </div>
  );
}

/** Whether two waveform readings are the same, point for point. */
function sameWaveform(a: Float32Array, b: Float32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The live input waveform on a canvas, read each frame while shown and drawn when it changed: a
 * silent or closed microphone reads the same flat line frame after frame, and drawing it anyway
 * kept the page's main thread and compositor busy for nothing.
 */
function InputWaveform({ audio }: { audio: StudioAudio }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    let frame = 0;
    let drawn: Float32Array | null = null;
    const draw = () => {
      frame = requestAnimationFrame(draw);
      const samples = audio.inputWaveform(WAVEFORM_POINTS);
      if (drawn && sameWaveform(samples, drawn)) return;
      drawn = samples;
      const { width, height } = element;
      context.clearRect(0, 0, width, height);
      context.strokeStyle = getComputedStyle(element).color;
      context.lineWidth = 2;
      context.beginPath();
      samples.forEach((sample, index) => {
        const x = (index / Math.max(1, samples.length - 1)) * width;
        const y = (1 - (sample + 1) / 2) * height;
        if (index === 0) context.moveTo(x, y);
        else context.lineTo(x, y);
      });
      context.stroke();
    };
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, [audio]);
  return (
    <canvas
      ref={canvas}
      width={640}
      height={96}
      role="img"
      aria-label="Live input waveform"
      className="h-24 w-full rounded-2xl bg-fg/5 text-accent"
    />
  );
}

/**
 * Input and output levels, read every 50 ms; the meters render again only when what they show
 * moved (a quiet studio reads 0 % twenty times a second).
 */
function LevelMeters({ audio }: { audio: StudioAudio }) {
  const [levels, setLevels] = useState<Levels>({ input: 0, output: 0 });
  useEffect(() => {
    const timer = window.setInterval(() => {
      const next = audio.levels();
      setLevels((shown) =>
        sameMeter(shown.input, next.input) && sameMeter(shown.output, next.output) ? shown : next,
      );
    }, STUDIO_AUDIO.METER_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [audio]);
  return (
    <div className="flex flex-col gap-2">
      <LevelMeter label="Input" level={levels.input} />
      <LevelMeter label="Output" level={levels.output} />
    </div>
  );
}

/** Audio visualisation: the waveform and the level meters, each toggleable. */
export function VisualisationPanel({ audio }: { audio: StudioAudio | null }) {
  const showWaveform = useStudioStore((state) => state.settings.showWaveform);
  const showLevelMeter = useStudioStore((state) => state.settings.showLevelMeter);
  const setSetting = useStudioStore((state) => state.setSetting);

  return (
    <PanelSection title="Visualisation" Icon={Activity}>
      <div className="mt-3 flex flex-col gap-4">
        <div className="grid gap-3 sm:grid-cols-2">
          <ToggleField
            label="Waveform"
            checked={showWaveform}
            onChange={(checked) => setSetting('showWaveform', checked)}
          />
          <ToggleField
            label="Level Meters"
            checked={showLevelMeter}
            onChange={(checked) => setSetting('showLevelMeter', checked)}
          />
        </div>
        {audio && showWaveform ? <InputWaveform audio={audio} /> : null}
        {audio && showLevelMeter ? <LevelMeters audio={audio} /> : null}
      </div>
    </PanelSection>
  );
}
