import type { Translated } from '../../../integrations/mail/mail-locale.js';
import { defineLinkMail, type LinkMailCopy } from './link-mail.js';

// Sent instead of a 409 when someone registers with an address that has an account: the sign-up
// answer stays the same for every address, and only the address's owner learns of the attempt.
const COPY: Translated<LinkMailCopy> = {
  en: {
    subject: 'Someone tried to register with your VendVote address',
    intro: 'Someone tried to register a new VendVote account with this email address. You already have an account, so nothing was changed.',
    action: 'Sign in',
    outro: 'Forgot your password? Choose "Forgot password?" on the sign-in page to reset it. If this was not you, you can ignore this message.',
  },
  es: {
    subject: 'Alguien intentó registrarse con tu dirección de VendVote',
    intro: 'Alguien intentó crear una cuenta nueva de VendVote con esta dirección de correo. Ya tienes una cuenta, así que no se ha cambiado nada.',
    action: 'Iniciar sesión',
    outro: '¿Has olvidado tu contraseña? Elige "Forgot password?" en la página de inicio de sesión para restablecerla. Si no has sido tú, puedes ignorar este mensaje.',
  },
  fr: {
    subject: 'Quelqu’un a tenté de s’inscrire avec votre adresse VendVote',
    intro: 'Quelqu’un a tenté de créer un nouveau compte VendVote avec cette adresse e-mail. Vous avez déjà un compte : rien n’a été modifié.',
    action: 'Se connecter',
    outro: 'Mot de passe oublié ? Choisissez « Forgot password? » sur la page de connexion pour le réinitialiser. Si ce n’était pas vous, vous pouvez ignorer ce message.',
  },
  de: {
    subject: 'Jemand wollte sich mit Ihrer VendVote-Adresse registrieren',
    intro: 'Jemand wollte mit dieser E-Mail-Adresse ein neues VendVote-Konto anlegen. Sie haben bereits ein Konto, daher wurde nichts geändert.',
    action: 'Anmelden',
    outro: 'Passwort vergessen? Wählen Sie auf der Anmeldeseite „Forgot password?“, um es zurückzusetzen. Wenn Sie das nicht waren, können Sie diese Nachricht ignorieren.',
  },
};

export const accountExistsMail = defineLinkMail(COPY);
