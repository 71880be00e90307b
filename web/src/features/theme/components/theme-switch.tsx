import type { Theme } from '@beatroom/shared/settings-constants';
import { Monitor, Moon, Sun } from 'lucide-react';
import { DeferredMenu } from '../../../components/ui/deferred-menu';
import { useThemeStore } from '../store/theme-store';

export const THEME_OPTIONS: { value: Theme; label: string; Icon: typeof Sun }[] = [
  { value: 'dark', label: 'Dark', Icon: Moon },
  { value: 'light', label: 'Light', Icon: Sun },
  { value: 'auto', label: 'Auto', Icon: Monitor },
];

export const THEME_TRIGGER_CLASSES =
  'inline-flex size-9 items-center justify-center rounded-full text-muted transition-colors hover:bg-fg/10 hover:text-fg data-[state=open]:bg-fg/10 data-[state=open]:text-fg';

export function currentThemeOption(theme: Theme) {
  return THEME_OPTIONS.find((option) => option.value === theme) ?? THEME_OPTIONS[0]!;
}

const loadMenu = () => import('./theme-switch-menu').then((m) => m.ThemeSwitchMenu);

/**
 * Header control choosing dark, light or auto (follow the system). `onPick` hears each pick
 * after it is applied (the app saves it as a signed-in user's setting). Its menu loads when
 * first reached for (DeferredMenu).
 */
export function ThemeSwitch({ onPick }: { onPick?: (theme: Theme) => void } = {}) {
  const current = currentThemeOption(useThemeStore((state) => state.theme));
  return (
    <DeferredMenu
      load={loadMenu}
      menuProps={{ onPick }}
      triggerProps={{
        'aria-label': `Theme: ${current.label}`,
        className: THEME_TRIGGER_CLASSES,
        children: <current.Icon aria-hidden="true" className="size-[18px]" />,
      }}
    />
  );
}
