import type { Theme } from '@beatroom/shared/settings-constants';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check } from 'lucide-react';
import { MenuContent, menuItemClasses } from '../../../components/ui/dropdown-menu';
import { isTheme, useThemeStore } from '../store/theme-store';
import { currentThemeOption, THEME_OPTIONS, THEME_TRIGGER_CLASSES } from './theme-switch';

/** The theme menu itself (Radix), loaded when first reached for (theme-switch.tsx). */
export function ThemeSwitchMenu({
  onPick,
  defaultOpen,
}: {
  onPick?: ((theme: Theme) => void) | undefined;
  defaultOpen: boolean;
}) {
  const theme = useThemeStore((state) => state.theme);
  const setTheme = useThemeStore((state) => state.setTheme);
  const current = currentThemeOption(theme);

  return (
    // Not modal, like the header's other menus: it opens as its trigger swaps in (DeferredMenu).
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger aria-label={`Theme: ${current.label}`} className={THEME_TRIGGER_CLASSES}>
        <current.Icon aria-hidden="true" className="size-[18px]" />
      </DropdownMenu.Trigger>
      <MenuContent align="end" className="w-40">
        <DropdownMenu.Label className="px-2.5 pt-1 pb-1.5 text-xs font-medium text-muted">
          Theme
        </DropdownMenu.Label>
        <DropdownMenu.RadioGroup
          value={theme}
          onValueChange={(value) => {
            if (!isTheme(value)) return;
            setTheme(value);
            onPick?.(value);
          }}
        >
          {THEME_OPTIONS.map(({ value, label, Icon }) => (
            <DropdownMenu.RadioItem key={value} value={value} className={menuItemClasses}>
              <Icon aria-hidden="true" className="size-4 text-muted" />
              <span className="flex-1">{label}</span>
              <DropdownMenu.ItemIndicator>
                <Check aria-hidden="true" className="size-4 text-accent" />
              </DropdownMenu.ItemIndicator>
            </DropdownMenu.RadioItem>
          ))}
        </DropdownMenu.RadioGroup>
      </MenuContent>
    </DropdownMenu.Root>
  );
}
