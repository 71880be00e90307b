import type { Theme } from '@beatroom/shared/settings-constants';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, Monitor, Moon, Sun } from 'lucide-react';
import { MenuContent, menuItemClasses } from '../../../components/ui/dropdown-menu';
import { isTheme, useThemeStore } from '../store/theme-store';

const options: { value: Theme; label: string; Icon: typeof Sun }[] = [
  { value: 'dark', label: 'Dark', Icon: Moon },
  { value: 'light', label: 'Light', Icon: Sun },
  { value: 'auto', label: 'Auto', Icon: Monitor },
];

/**
 * Header control choosing dark, light or auto (follow the system). `onPick` hears each pick
 * after it is applied (the app saves it as a signed-in user's setting).
 */
export function ThemeSwitch({ onPick }: { onPick?: (theme: Theme) => void } = {}) {
  const theme = useThemeStore((state) => state.theme);
  const setTheme = useThemeStore((state) => state.setTheme);
  const current = options.find((option) => option.value === theme) ?? options[0]!;

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={`Theme: ${current.label}`}
        className="inline-flex size-9 items-center justify-center rounded-full text-muted transition-colors hover:bg-fg/10 hover:text-fg data-[state=open]:bg-fg/10 data-[state=open]:text-fg"
      >
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
          {options.map(({ value, label, Icon }) => (
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
