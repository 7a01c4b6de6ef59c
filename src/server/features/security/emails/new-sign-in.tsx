import type { ReactNode } from 'react';
import { z } from 'zod';
import { defineMail } from '../../../integrations/mail/define-mail.js';
import { ActionLink, Greeting, MailLayout, Paragraph } from '../../../integrations/mail/mail-layout.js';
import { MailLocaleSchema, type Translated } from '../../../integrations/mail/mail-locale.js';

const props = z.object({
  locale: MailLocaleSchema,
  firstName: z.string(),
  /** The device in English: only in mails queued before `browser` and `system` were kept apart. */
  device: z.string().optional(),
  browser: z.string().optional(),
  system: z.string().optional(),
  place: z.string().nullable(),
  /** The moment, written out in the mail's language and the owner's time zone when it is queued (login-alerts.ts). */
  when: z.string(),
  securityLink: z.string().url(),
});
type Props = z.output<typeof props>;

interface Copy {
  subject: string;
  /** The device is passed in already marked up, to stand out. */
  what(p: Props, device: ReactNode): ReactNode;
  /** 'Firefox 133 on Windows', worded in the mail's language; either part may be unknown. */
  device(browser: string | undefined, system: string | undefined): string;
  ifYou: string;
  action: string;
  turnOff: string;
}

/** Joins the parts with the language's word for 'on' (a system), or says the browser is unknown. */
const deviceWords =
  (on: string, aBrowser: string, unknown: string) =>
  (browser: string | undefined, system: string | undefined): string => {
    if (!browser) return system ? `${aBrowser} ${on} ${system}` : unknown;
    return system ? `${browser} ${on} ${system}` : browser;
  };

const COPY: Translated<Copy> = {
  en: {
    subject: 'New sign-in to your VendVote account',
    what: (p, device) => (
      <>
        Your account was just signed in to from a browser it has not used before: {device}
        {p.place ? `, set to ${p.place} time` : ''}, on {p.when}.
      </>
    ),
    device: deviceWords('on', 'a browser', 'an unknown browser'),
    ifYou: 'If this was you, there is nothing to do. If not, change your password now: every other device is then signed out.',
    action: 'Review your signed-in devices',
    turnOff: 'You can turn these alerts off in Settings, under Security.',
  },
  es: {
    subject: 'Nuevo inicio de sesión en tu cuenta de VendVote',
    what: (p, device) => (
      <>
        Se acaba de iniciar sesión en tu cuenta desde un navegador que no había usado antes: {device}
        {p.place ? `, con la hora de ${p.place}` : ''}, el {p.when}.
      </>
    ),
    device: deviceWords('en', 'un navegador', 'un navegador desconocido'),
    ifYou: 'Si fuiste tú, no tienes que hacer nada. Si no, cambia tu contraseña ahora: así se cerrará la sesión en todos los demás dispositivos.',
    action: 'Revisar tus dispositivos con sesión iniciada',
    turnOff: 'Puedes desactivar estos avisos en Ajustes, en el apartado Seguridad.',
  },
  fr: {
    subject: 'Nouvelle connexion à votre compte VendVote',
    what: (p, device) => (
      <>
        Une connexion à votre compte vient d’avoir lieu depuis un navigateur qu’il n’avait jamais utilisé : {device}
        {p.place ? `, réglé sur l’heure de ${p.place}` : ''}, le {p.when}.
      </>
    ),
    device: deviceWords('sous', 'un navigateur', 'un navigateur inconnu'),
    ifYou: 'Si c’était vous, vous n’avez rien à faire. Sinon, changez votre mot de passe maintenant : tous les autres appareils seront alors déconnectés.',
    action: 'Voir vos appareils connectés',
    turnOff: 'Vous pouvez désactiver ces alertes dans les Paramètres, rubrique Sécurité.',
  },
  de: {
    subject: 'Neue Anmeldung bei Ihrem VendVote-Konto',
    what: (p, device) => (
      <>
        Ihr Konto wurde gerade in einem Browser angemeldet, der bisher nicht verwendet wurde: {device}
        {p.place ? `, eingestellt auf die Zeit von ${p.place}` : ''}, am {p.when}.
      </>
    ),
    device: deviceWords('unter', 'ein Browser', 'ein unbekannter Browser'),
    ifYou: 'Wenn Sie das waren, ist nichts zu tun. Wenn nicht, ändern Sie jetzt Ihr Passwort: Alle anderen Geräte werden dann abgemeldet.',
    action: 'Angemeldete Geräte prüfen',
    turnOff: 'Sie können diese Hinweise in den Einstellungen unter „Sicherheit“ ausschalten.',
  },
};

/** A sign-in from a browser this account has not used before (login alerts). */
export const newSignInMail = defineMail({
  props,
  subject: (p) => COPY[p.locale].subject,
  body: (p) => {
    const copy = COPY[p.locale];
    const device = p.device ?? copy.device(p.browser, p.system);
    return (
      <MailLayout locale={p.locale}>
        <Greeting firstName={p.firstName} />
        <Paragraph>{copy.what(p, <strong>{device}</strong>)}</Paragraph>
        <Paragraph>{copy.ifYou}</Paragraph>
        <ActionLink href={p.securityLink}>{copy.action}</ActionLink>
        <Paragraph muted>{copy.turnOff}</Paragraph>
      </MailLayout>
    );
  },
});
