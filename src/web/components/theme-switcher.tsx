import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import { cn } from '../lib/cn.js';
import { useThemeSetting } from '../features/settings/use-theme-setting.js';
import type { Theme } from '../lib/theme.js';

const OPTIONS: ReadonlyArray<{ value: Theme; label: string; icon: LucideIcon }> = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'auto', label: 'Auto', icon: Monitor },
];

/**
 * Light / dark / auto (follows the system) — spec 2.2; the choice is stored under 'theme', and for a
 * signed-in operator also with the account's preferences (the settings page's theme).
 */
export function ThemeSwitcher({ className, fullWidth = false }: { className?: string; fullWidth?: boolean }) {
  const [theme, setTheme] = useThemeSetting();
  return (
    <div
      role="group"
      aria-label="Theme"
      className={cn(
        fullWidth ? 'flex w-full' : 'inline-flex',
        'rounded-md border border-border bg-background p-0.5',
        className,
      )}
    >
      {OPTIONS.map(({ value, label, icon: Icon }) => {
        const selected = theme === value;
        return (
          <button
            key={value}
            type="button"
            aria-pressed={selected}
            title={`${label} theme`}
            onClick={() => setTheme(value)}
            className={cn(
              'inline-flex h-8 flex-1 items-center justify-center gap-1 rounded px-2 text-xs font-medium transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
              selected ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
            )}
          >
            <Icon className="size-3.5" aria-hidden="true" />
            {label}
          </button>
        );
      })}
    </div>
  );
}
