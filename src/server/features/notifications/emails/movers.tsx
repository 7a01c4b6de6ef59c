import { z } from 'zod';
import type { Translated } from '../../../integrations/mail/mail-locale.js';
import { Section, signed } from './notice-parts.js';

export const productChangeSchema = z.object({ productName: z.string(), current: z.number().int(), previous: z.number().int() });
export const titledSchema = z.object({ title: z.string(), detail: z.string() });
type ProductChange = z.output<typeof productChangeSchema>;

export interface MoversCopy {
  risers: string;
  fallers: string;
  /** "5 up-votes, 2 before" */
  change(current: number, previous: number): string;
}

export const MOVERS: Translated<Omit<MoversCopy, 'risers' | 'fallers'>> = {
  en: { change: (c, p) => `${c} up-votes, ${p} before` },
  es: { change: (c, p) => `${c} votos positivos, ${p} antes` },
  fr: { change: (c, p) => `${c} votes positifs, ${p} avant` },
  de: { change: (c, p) => `${c} positive Stimmen, vorher ${p}` },
};

/** Risers and fallers, each with its change and the two figures it comes from; nothing when none moved. */
export function Movers({ risers, fallers, copy }: { risers: ProductChange[]; fallers: ProductChange[]; copy: MoversCopy }) {
  const line = (change: ProductChange) => (
    <li key={change.productName}>
      {change.productName}: {signed(change.current - change.previous)} ({copy.change(change.current, change.previous)})
    </li>
  );
  return (
    <>
      {risers.length > 0 ? <Section title={copy.risers}>{risers.map(line)}</Section> : null}
      {fallers.length > 0 ? <Section title={copy.fallers}>{fallers.map(line)}</Section> : null}
    </>
  );
}
