import type { Beat } from '@beatroom/shared/beats-contract';
import { BeatPromotionsPanel } from '../features/promotions/components/beat-promotions-panel';
import { EditBeatModal } from '../features/upload/components/edit-beat-modal';
import { useBeatChanges } from './beat-changes';

export interface ManageBeatDialogProps {
  beat: Beat;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved?: () => void;
  onDeleted: () => void;
}

/** Manage Beat itself (see beat-slots.tsx, which loads it when first opened). */
export function ManageBeatDialogContent({
  beat,
  open,
  onOpenChange,
  onSaved,
  onDeleted,
}: ManageBeatDialogProps) {
  const changes = useBeatChanges();
  return (
    <EditBeatModal
      beat={beat}
      open={open}
      onOpenChange={onOpenChange}
      onSaved={(saved) => {
        changes.saved(saved);
        onSaved?.();
      }}
      onDeleted={(deleted) => {
        onDeleted();
        changes.deleted(deleted);
      }}
      promotions={(current) => <BeatPromotionsPanel beat={current} />}
    />
  );
}
