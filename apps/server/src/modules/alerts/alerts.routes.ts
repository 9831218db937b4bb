import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  alertCreateRequestSchema,
  alertIdParamsSchema,
  alertListResponseSchema,
  alertReadResponseSchema,
  alertResponseSchema,
  alertUnreadCountResponseSchema,
  errorResponses,
  okEnvelopeSchema,
} from '@bist/contracts';
import { currentCustomer, customerGuard, type CustomerAuthenticator } from '@/plugins/customer-auth';
import type { AlertsService } from './alerts.service.ts';

const tags = ['alerts'];

export function alertsRoutes(alerts: AlertsService, auth: CustomerAuthenticator) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    // onRequest, not preHandler: without a session the answer is 401 before any body validation.
    const onRequest = customerGuard(auth);
    const userId = (request: Parameters<typeof currentCustomer>[0]) => currentCustomer(request).user.id;

    app.get(
      '/api/alerts',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Price alerts: active and triggered',
          response: { 200: alertListResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const { alerts: list, unreadCount } = await alerts.list(userId(request));
        return { success: true as const, data: { alerts: list, unread_count: unreadCount } };
      },
    );

    app.get(
      '/api/alerts/unread-count',
      {
        onRequest,
        schema: {
          tags,
          summary: "Triggered, unread alerts (the top bar bell's badge)",
          response: { 200: alertUnreadCountResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        data: { unread_count: await alerts.unreadCount(userId(request)) },
      }),
    );

    app.post(
      '/api/alerts',
      {
        onRequest,
        schema: {
          tags,
          summary: "Set an 'above' or 'below' price alert on a symbol",
          body: alertCreateRequestSchema,
          response: { 201: alertResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) =>
        reply.status(201).send({
          success: true as const,
          data: { alert: await alerts.create(userId(request), request.body) },
        }),
    );

    app.post(
      '/api/alerts/read-all',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Mark every triggered alert read',
          response: { 200: alertReadResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const result = await alerts.markAllRead(userId(request));
        return {
          success: true as const,
          data: { updated: result.updated, unread_count: result.unreadCount },
        };
      },
    );

    app.post(
      '/api/alerts/:id/read',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Mark one triggered alert read',
          params: alertIdParamsSchema,
          response: { 200: alertReadResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const result = await alerts.markRead(userId(request), request.params.id);
        return {
          success: true as const,
          data: { updated: result.updated, unread_count: result.unreadCount },
        };
      },
    );

    app.delete(
      '/api/alerts/:id',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Delete an alert',
          params: alertIdParamsSchema,
          response: { 200: okEnvelopeSchema, ...errorResponses },
        },
      },
      async (request) => {
        await alerts.delete(userId(request), request.params.id);
        return { success: true as const, message: 'Alarm silindi' };
      },
    );
  };
}
