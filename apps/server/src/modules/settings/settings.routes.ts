import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, platformSettingsUpdateSchema, settingsResponseSchema } from '@bist/contracts';
import { adminAccess, adminActorOf, requestMeta } from '@/plugins/admin-access';
import type { SettingsService, SettingsSnapshot } from './settings.service.ts';

function body(snapshot: SettingsSnapshot) {
  return {
    success: true as const,
    settings: snapshot.settings,
    updated_at: snapshot.updatedAt?.toISOString() ?? null,
    updated_by: snapshot.updatedBy,
  };
}

/** GET and PUT /admin/api/settings: spec §6 'settings ... need all'. */
export function settingsRoutes(settings: SettingsService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/admin/api/settings',
      {
        config: { adminAccess: adminAccess.permission('all') },
        schema: {
          tags: ['admin'],
          summary: 'Current platform settings',
          response: { 200: settingsResponseSchema, ...errorResponses },
        },
      },
      async () => body(await settings.snapshot()),
    );
    app.put(
      '/admin/api/settings',
      {
        config: { adminAccess: adminAccess.permission('all') },
        schema: {
          tags: ['admin'],
          summary: 'Change platform settings (any subset of the fields; audited)',
          body: platformSettingsUpdateSchema,
          response: { 200: settingsResponseSchema, ...errorResponses },
        },
      },
      async (request) =>
        body(await settings.update(request.body, adminActorOf(request), requestMeta(request))),
    );
  };
}
