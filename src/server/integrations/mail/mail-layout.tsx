import { createContext, useContext, type ReactNode } from 'react';
// One package per component: the collection package also loads Tailwind, Markdown and code
// highlighting, about 30 MB the server would carry for mails that use none of them.
import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { MailLocale, Translated } from './mail-locale.js';

const styles = {
  body: { backgroundColor: '#f6f7f9', fontFamily: 'Helvetica, Arial, sans-serif', color: '#111827' },
  container: { backgroundColor: '#ffffff', padding: '24px', margin: '24px auto', maxWidth: '560px', borderRadius: '8px' },
  text: { fontSize: '15px', lineHeight: '22px' },
  muted: { fontSize: '13px', lineHeight: '20px', color: '#555555' },
  button: {
    display: 'inline-block',
    padding: '10px 18px',
    backgroundColor: '#2563eb',
    color: '#ffffff',
    borderRadius: '6px',
    textDecoration: 'none',
  },
} as const;

/** The language of the mail being rendered, for the layout's own words. */
const MailLocaleContext = createContext<MailLocale>('en');

const OPEN_ADDRESS: Translated<string> = {
  en: 'Or open this address:',
  es: 'O abre esta dirección:',
  fr: 'Ou ouvrez cette adresse :',
  de: 'Oder öffnen Sie diese Adresse:',
};

const UNSUBSCRIBE: Translated<{ lead: string; link: string }> = {
  en: { lead: 'You get this because it is on in your notification settings.', link: 'Turn this notification off' },
  es: { lead: 'Recibes esto porque está activado en tus ajustes de notificaciones.', link: 'Desactivar esta notificación' },
  fr: { lead: 'Vous recevez ceci car cette notification est activée dans vos paramètres.', link: 'Désactiver cette notification' },
  de: { lead: 'Sie erhalten dies, weil es in Ihren Benachrichtigungseinstellungen aktiviert ist.', link: 'Diese Benachrichtigung abbestellen' },
};

/** The frame of every VendVote mail: one column, the content, the signature, and the way out of a notice. */
export function MailLayout({ children, locale = 'en', unsubscribeUrl }: { children: ReactNode; locale?: MailLocale; unsubscribeUrl?: string }) {
  return (
    <MailLocaleContext.Provider value={locale}>
      <Html lang={locale}>
        <Head />
        <Body style={styles.body}>
          <Container style={styles.container}>
            {children}
            <Text style={styles.text}>— VendVote</Text>
            {unsubscribeUrl ? (
              <Text style={styles.muted}>
                {UNSUBSCRIBE[locale].lead}{' '}
                <Link href={unsubscribeUrl}>{UNSUBSCRIBE[locale].link}</Link>
              </Text>
            ) : null}
          </Container>
        </Body>
      </Html>
    </MailLocaleContext.Provider>
  );
}

export function Paragraph({ children, muted = false }: { children: ReactNode; muted?: boolean }) {
  return <Text style={muted ? styles.muted : styles.text}>{children}</Text>;
}

const GREETING: Translated<(firstName: string) => string> = {
  en: (firstName) => `Hi ${firstName},`,
  es: (firstName) => `Hola, ${firstName}:`,
  fr: (firstName) => `Bonjour ${firstName},`,
  de: (firstName) => `Hallo ${firstName},`,
};

/** The mail's opening line, in the language of the layout it is in. */
export function Greeting({ firstName }: { firstName: string }) {
  return <Paragraph>{GREETING[useContext(MailLocaleContext)](firstName)}</Paragraph>;
}

/**
 * The mail's one action as a button, and its address spelled out for clients that hide links.
 * The plain-text part shows `label: address` instead of both (see render-mail.ts).
 */
export function ActionLink({ href, children }: { href: string; children: string }) {
  const locale = useContext(MailLocaleContext);
  return (
    <>
      <Section>
        <Link href={href} style={styles.button} data-text-format="action">
          {children}
        </Link>
      </Section>
      <Text style={styles.muted} data-skip-in-text={true}>
        {OPEN_ADDRESS[locale]} {href}
      </Text>
    </>
  );
}
