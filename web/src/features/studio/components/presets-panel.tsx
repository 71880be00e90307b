import { STUDIO_PRESETS, type StudioPreset } from '@beatroom/shared/studio-presets';
import type { StudioEffectSettings } from '@beatroom/shared/studio-settings';
import { Cloud, Flame, Heart, Mic, Sparkles, Wand2, Zap, type LucideIcon } from 'lucide-react';
import { PanelSection } from '../../../components/ui/panel-section';
import { useStudioStore } from '../store/studio-store';

const ICONS: Record<StudioPreset['icon'], LucideIcon> = {
  mic: Mic,
  sparkles: Sparkles,
  zap: Zap,
  heart: Heart,
  flame: Flame,
  cloud: Cloud,
};

const EFFECT_KEYS = Object.keys(STUDIO_PRESETS[0]!.settings) as (keyof StudioEffectSettings)[];

/** The six vocal presets: one click sets every effect; the one matching now is marked. */
export function PresetsPanel() {
  const settings = useStudioStore((state) => state.settings);
  const applyPreset = useStudioStore((state) => state.applyPreset);
  const active = STUDIO_PRESETS.find((preset) =>
    EFFECT_KEYS.every((key) => preset.settings[key] === settings[key]),
  );

  return (
    <PanelSection title="Presets" Icon={Wand2}>
      <ul className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3">
        {STUDIO_PRESETS.map((preset) => {
          const Icon = ICONS[preset.icon];
          const selected = active?.id === preset.id;
          return (
            <li key={preset.id}>
              <button
                type="button"
                aria-pressed={selected}
                title={preset.description}
                onClick={() => applyPreset(preset.settings)}
                className={`flex h-full w-full flex-col items-start gap-1 rounded-2xl border p-3 text-left transition-colors ${selected ? 'border-accent bg-accent/15' : 'border-line bg-surface hover:bg-fg/10'}`}
              >
                <span className="flex items-center gap-2 font-medium">
                  <Icon aria-hidden="true" className="size-4 text-accent" />
                  {preset.name}
                </span>
                <span className="line-clamp-2 text-xs text-muted">{preset.description}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </PanelSection>
  );
}
