import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminUserCreateSchema,
  adminUserParamsSchema,
  adminUserResponseSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  adminUserUpdateSchema,
  errorResponses,
  okEnvelopeSchema,
} from '@bist/contracts';
import { adminAccess, adminActorOf, requestMeta } from '@/plugins/admin-access';
import type { AdminUsersService } from './admin-users.service.ts';

/** /admin/api/users: spec §6 'User management needs user_management'. */
export function adminUsersRoutes(users: AdminUsersService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const config = { adminAccess: adminAccess.permission('user_management') };

    app.get(
      '/admin/api/users',
      {
        config,
        schema: {
          tags: ['admin'],
          summary: 'Staff list (search by name or e-mail, filter by role and active/inactive)',
          querystring: adminUsersQuerySchema,
          response: { 200: adminUsersResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ success: true as const, users: await users.list(request.query) }),
    );

    app.post(
      '/admin/api/users',
      {
        config,
        schema: {
          tags: ['admin'],
          summary: 'Add a staff member',
          body: adminUserCreateSchema,
          response: { 201: adminUserResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const user = await users.create(request.body, adminActorOf(request), requestMeta(request));
        return reply.status(201).send({ success: true as const, user });
      },
    );

    app.put(
      '/admin/api/users/:id',
      {
        config,
        schema: {
          tags: ['admin'],
          summary: 'Edit a staff member (a blank or missing password keeps the current one)',
          params: adminUserParamsSchema,
          body: adminUserUpdateSchema,
          response: { 200: adminUserResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        user: await users.update(
          request.params.id,
          request.body,
          adminActorOf(request),
          requestMeta(request),
        ),
      }),
    );

    app.delete(
      '/admin/api/users/:id',
      {
        config,
        schema: {
          tags: ['admin'],
          summary: 'Delete a staff member and their sessions',
          params: adminUserParamsSchema,
          response: { 200: okEnvelopeSchema, ...errorResponses },
        },
      },
      async (request) => {
        await users.delete(request.params.id, adminActorOf(request), requestMeta(request));
        return { success: true as const, message: 'User deleted' };
      },
    );
  };
}
