import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { users } from '../../src/server/db/schema.js';
import { DEFAULT_PREFERENCES } from '../../src/shared/settings.schemas.js';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../support/index.js';
import { apiFrom, operatorWithMachine } from './feedback-helpers.js';
import { login, post, signIn } from './helpers.js';

// The language an operator picks in settings is the language of the mails we send them.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Language = (typeof users.$inferSelect)['language'];
const setLanguage = (userId: number, language: Language) => t.database.db.update(users).set({ language }).where(eq(users.id, userId));

describe('the test notification', () => {
  test.each([
    ['es', /^Notificación de prueba de VendVote$/, ['Hola, Olivia:', 'las notificaciones de VendVote llegan a esta dirección', 'Elegir de qué te avisamos']],
    ['fr', /^Notification de test VendVote$/, ['Bonjour Olivia,', 'les notifications VendVote arrivent bien à cette adresse', 'Choisir ce que nous vous signalons']],
    ['de', /^VendVote-Testbenachrichtigung$/, ['Hallo Olivia,', 'VendVote-Benachrichtigungen erreichen diese Adresse', 'Festlegen, worüber wir Sie informieren']],
  ] as const)('in %s, once chosen in the settings', async (language, subject, lines) => {
    const { api, user } = await signIn(t, { firstName: 'Olivia' });
    const saved = await api.patch('/api/settings/preferences', { ...DEFAULT_PREFERENCES, language });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await api.post('/api/notifications/test')).statusCode).toBe(202);
    const mail = await t.smtp.waitForMail(user.email, subject);
    for (const line of lines) expect(mail.text).toContain(line);
    expect(mail.text).toContain(`${TEST_PUBLIC_URL}/settings`);
    expect(mail.html).toContain(`lang="${language}"`);
    expect(mail.text).not.toContain('test email you asked for');
  });

  test('in English for an account that never chose', async () => {
    const { api, user } = await signIn(t);
    expect((await api.post('/api/notifications/test')).statusCode).toBe(202);
    const mail = await t.smtp.waitForMail(user.email, /^VendVote test notification$/);
    expect(mail.text).toContain('This is the test email you asked for');
  });
});

test('the password reset mail follows the account’s language', async () => {
  const { user } = await signIn(t);
  await setLanguage(user.id, 'fr');
  expect((await post(t, '/api/auth/forgot-password', { email: user.email })).statusCode).toBe(200);
  const mail = await t.smtp.waitForMail(user.email, /^Réinitialisez votre mot de passe VendVote$/);
  expect(mail.text).toContain('Quelqu’un a demandé la réinitialisation du mot de passe de votre compte VendVote.');
  expect(mail.text).toContain(`Choisir un nouveau mot de passe: ${TEST_PUBLIC_URL}/reset-password?token=`);
});

test('a customer’s issue report reaches the machine’s owner in the owner’s language', async () => {
  const owner = await operatorWithMachine(t, 'Gym Lobby');
  await setLanguage(owner.user.id, 'de');
  const report = { machineId: owner.machine.id, customerName: 'Riley Chen', customerEmail: 'riley@example.test', productName: 'Doritos Nacho' };
  const response = await apiFrom(t).post('/api/vending-issues', report);
  expect(response.statusCode, response.body).toBe(201);
  const mail = await t.smtp.waitForMail(owner.user.email, /^Neue Störungsmeldung/);
  expect(mail.subject).toBe('Neue Störungsmeldung an Gym Lobby: Doritos Nacho');
  expect(mail.text).toContain('Ein Kunde hat ein Problem an Gym Lobby gemeldet.');
  expect(mail.text).toContain('Kunde: Riley Chen <riley@example.test>');
  expect(mail.text).toContain('Beschreibung: (keine angegeben)');
  expect(mail.text).toContain(`Störungsmeldungen öffnen: ${TEST_PUBLIC_URL}/vending-issues`);
});

test('a sign-in alert is worded, and its moment written, in the account’s language', async () => {
  const { user, password } = await signIn(t);
  await setLanguage(user.id, 'es');
  // No device cookie: a browser the account has not used before.
  expect((await login(t, user.email, password)).statusCode).toBe(200);
  const mail = await t.smtp.waitForMail(user.email, /^Nuevo inicio de sesión en tu cuenta de VendVote$/);
  expect(mail.text).toContain('Se acaba de iniciar sesión en tu cuenta desde un navegador que no había usado antes');
  // The device in Spanish too, not 'Unknown browser' (the test client names no browser).
  expect(mail.text).toContain('antes: un navegador desconocido');
  expect(mail.text).toMatch(/el \d{1,2} de (enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre) de \d{4}/);
});
