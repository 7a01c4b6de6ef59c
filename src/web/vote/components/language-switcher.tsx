import { useId, useState } from 'react';
import { VOTE_PAGE_LANGUAGE_NAMES, VOTE_PAGE_LOCALES, type VotePageLocale } from '../../../shared/vote-page-locale.js';
import { useI18n } from '../lib/i18n.js';
import { Icon } from './icons.js';
import { useToast } from './toast.js';
import { cn } from './ui.js';

const tones = {
  // On the header's coloured band: the band's colours, so the open list stays readable too.
  hero: 'border-hero-foreground/70 bg-hero text-hero-foreground',
  plain: 'border-input bg-card text-card-foreground',
};

/**
 * The page's language: a native select (keyboard, screen readers and phones' own pickers work as
 * usual), each language named in itself. The texts change in place; the choice is kept in a cookie.
 */
export function LanguageSwitcher({ tone = 'hero', className }: { tone?: keyof typeof tones; className?: string }) {
  const { locale, t, switchTo, switching } = useI18n();
  const notify = useToast();
  const id = useId();
  // The choice shows at once; the texts follow when their language has loaded (or it goes back).
  const [pending, setPending] = useState<VotePageLocale | null>(null);
  const choose = async (next: VotePageLocale) => {
    setPending(next);
    const switched = await switchTo(next);
    setPending(null);
    if (!switched) notify({ variant: 'destructive', title: t('language.failed') });
  };
  return (
    <div className={cn('flex items-center gap-1.5', className)}>
      <Icon name="globe" className="size-4 shrink-0" />
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <select
        id={id}
        value={pending ?? locale}
        aria-busy={switching || undefined}
        onChange={(event) => void choose(event.target.value as VotePageLocale)}
        className={cn('h-8 rounded-md border px-2 text-sm', tones[tone])}
      >
        {VOTE_PAGE_LOCALES.map((option) => (
          <option key={option} value={option} lang={option}>
            {VOTE_PAGE_LANGUAGE_NAMES[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
