import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SettingsSchema, UpdatePreferencesSchema, UpdateProfileSchema } from '../../../shared/settings.schemas.js';
import { signedInUser } from '../../route-scopes.js';
import { savePreferences, saveProfile, settingsOf } from './settings.service.js';

/** The settings page's profile and preferences tabs (operator scope). */
export async function settingsRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.get('/api/settings', { schema: { response: { 200: SettingsSchema } } }, async (request) => settingsOf(ctx.db, signedInUser(request).id));

  app.patch('/api/settings/profile', { schema: { body: UpdateProfileSchema, response: { 200: SettingsSchema } } }, async (request) =>
    saveProfile(ctx.db, signedInUser(request).id, request.body),
  );

  app.patch('/api/settings/preferences', { schema: { body: UpdatePreferencesSchema, response: { 200: SettingsSchema } } }, async (request) =>
    savePreferences(ctx.db, signedInUser(request).id, request.body),
  );
}
