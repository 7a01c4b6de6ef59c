import type { Translated } from '../../../integrations/mail/mail-locale.js';
import { defineLinkMail, type LinkMailCopy } from './link-mail.js';

const COPY: Translated<LinkMailCopy> = {
  en: {
    subject: 'Reset your VendVote password',
    intro: 'Someone asked to reset the password of your VendVote account.',
    action: 'Choose a new password',
    outro: 'This link works once, for one hour. If you did not ask for it, you can ignore this message; your password stays as it is.',
  },
  es: {
    subject: 'Restablece tu contraseña de VendVote',
    intro: 'Alguien ha pedido restablecer la contraseña de tu cuenta de VendVote.',
    action: 'Elegir una contraseña nueva',
    outro: 'Este enlace funciona una sola vez, durante una hora. Si no lo has pedido, puedes ignorar este mensaje; tu contraseña no cambia.',
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe VendVote',
    intro: 'Quelqu’un a demandé la réinitialisation du mot de passe de votre compte VendVote.',
    action: 'Choisir un nouveau mot de passe',
    outro: 'Ce lien ne fonctionne qu’une fois, pendant une heure. Si vous ne l’avez pas demandé, vous pouvez ignorer ce message ; votre mot de passe reste inchangé.',
  },
  de: {
    subject: 'Setzen Sie Ihr VendVote-Passwort zurück',
    intro: 'Jemand hat angefordert, das Passwort Ihres VendVote-Kontos zurückzusetzen.',
    action: 'Neues Passwort festlegen',
    outro: 'Dieser Link funktioniert einmal und eine Stunde lang. Wenn Sie ihn nicht angefordert haben, können Sie diese Nachricht ignorieren; Ihr Passwort bleibt unverändert.',
  },
};

export const resetPasswordMail = defineLinkMail(COPY);
