import type { ReactNode } from 'react';
import { z } from 'zod';
import { Paragraph } from '../../../integrations/mail/mail-layout.js';
import { MailLocaleSchema, type Translated } from '../../../integrations/mail/mail-locale.js';

/** What every notice carries besides its own content: who it is for, in which language, and its way out. */
export const noticeProps = {
  locale: MailLocaleSchema,
  firstName: z.string(),
  timeZone: z.string(),
  dashboardLink: z.string().url(),
  /** The page that turns this notice off (the link in the mail's footer). */
  unsubscribePage: z.string().url(),
  /** Where a mail client's own unsubscribe button POSTs (List-Unsubscribe). */
  oneClickUnsubscribe: z.string().url(),
};

export const OPEN_DASHBOARD: Translated<string> = {
  en: 'Open the dashboard',
  es: 'Abrir el panel',
  fr: 'Ouvrir le tableau de bord',
  de: 'Dashboard öffnen',
};

/** A heading and a list inside a mail; the plain-text part shows them as lines with bullets. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <Paragraph>
        <strong>{title}</strong>
      </Paragraph>
      <ul style={{ margin: '0 0 12px', paddingLeft: '20px', fontSize: '15px', lineHeight: '22px' }}>{children}</ul>
    </>
  );
}

/** "+3 (5 vs 2)": a change in up-votes and the two figures it comes from. */
export const signed = (value: number) => (value > 0 ? `+${value}` : String(value));
