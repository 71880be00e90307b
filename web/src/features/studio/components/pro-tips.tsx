import { Lightbulb } from 'lucide-react';
import { PanelSection } from '../../../components/ui/panel-section';

const TIPS = [
  'Wear headphones: the beat and the metronome stay out of your vocal take.',
  'Keep the input meter in the green, touching yellow on the loudest words; red means clipping.',
  'Stand a hand’s width from the microphone and keep that distance for the whole take.',
  'Use the count-in to catch the groove before the first bar.',
  'Start from a preset, then shape it with the EQ and effects; save a session to keep your sound.',
  'Record several takes: play each back, keep the best, and save it as a vocal cover.',
];

/** The 'Pro Studio Tips' box. */
export function ProStudioTips() {
  return (
    <PanelSection title="Pro Studio Tips" Icon={Lightbulb} as="aside">
      <ul className="mt-3 flex list-disc flex-col gap-2 pl-5 text-sm text-muted">
        {TIPS.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </PanelSection>
  );
}
