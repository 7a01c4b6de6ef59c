import type { Translated } from '../../../integrations/mail/mail-locale.js';
import { defineLinkMail, type LinkMailCopy } from './link-mail.js';

const COPY: Translated<LinkMailCopy> = {
  en: {
    subject: 'Verify your VendVote email address',
    intro: 'Thanks for signing up for VendVote. Please confirm that this is your email address.',
    action: 'Verify email',
    outro: 'This link works for 24 hours. If you did not sign up, you can ignore this message.',
  },
  es: {
    subject: 'Verifica tu dirección de correo de VendVote',
    intro: 'Gracias por registrarte en VendVote. Confirma que esta es tu dirección de correo electrónico.',
    action: 'Verificar correo',
    outro: 'Este enlace es válido durante 24 horas. Si no te has registrado, puedes ignorar este mensaje.',
  },
  fr: {
    subject: 'Vérifiez votre adresse e-mail VendVote',
    intro: 'Merci de vous être inscrit à VendVote. Veuillez confirmer que cette adresse e-mail est bien la vôtre.',
    action: 'Vérifier l’adresse e-mail',
    outro: 'Ce lien est valable 24 heures. Si vous ne vous êtes pas inscrit, vous pouvez ignorer ce message.',
  },
  de: {
    subject: 'Bestätigen Sie Ihre E-Mail-Adresse für VendVote',
    intro: 'Danke für Ihre Registrierung bei VendVote. Bitte bestätigen Sie, dass dies Ihre E-Mail-Adresse ist.',
    action: 'E-Mail-Adresse bestätigen',
    outro: 'Dieser Link ist 24 Stunden gültig. Wenn Sie sich nicht registriert haben, können Sie diese Nachricht ignorieren.',
  },
};

export const verifyEmailMail = defineLinkMail(COPY);
