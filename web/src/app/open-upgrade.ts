import { useUpgradeDialog } from '../features/subscriptions/store/upgrade-dialog-store';

/**
 * Upgrade to Pro from a feature's locked panel (charts a plan with analytics unlocks):
 * opens the one Upgrade dialog that app/money-dialogs.tsx mounts. Features get it as a prop.
 */
export function openUpgradeDialog(): void {
  useUpgradeDialog.getState().open();
}
