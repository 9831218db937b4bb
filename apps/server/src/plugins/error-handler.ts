import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorEnvelope } from '@bist/contracts';
import { AppError, PlanRequiredError, TooManyRequestsError } from '@/lib/errors';

type Language = 'tr' | 'en';

const MESSAGES = {
  tr: {
    internal: 'Beklenmeyen bir hata oluştu.',
    notFound: 'İstenen kaynak bulunamadı.',
    tooLarge: 'İstek gövdesi çok büyük.',
    badJson: 'İstek gövdesi geçerli bir JSON değil.',
    mediaType: 'Desteklenmeyen içerik türü: application/json gönderin.',
    tooMany: 'Çok fazla istek. Lütfen biraz sonra tekrar deneyin.',
    invalid: 'Geçersiz istek',
  },
  en: {
    internal: 'An unexpected error occurred',
    notFound: 'The requested resource was not found',
    tooLarge: 'Request body is too large',
    badJson: 'Request body is not valid JSON',
    mediaType: 'Unsupported content type: send application/json',
    tooMany: 'Too many requests. Please try again later.',
    invalid: 'Invalid request',
  },
} as const;

/** The admin realm speaks English, the investor side Turkish (spec §2). */
export function languageOf(url: string): Language {
  return url.startsWith('/admin') ? 'en' : 'tr';
}

function send(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  body: Omit<ErrorEnvelope, 'success' | 'requestId'>,
) {
  const envelope: ErrorEnvelope = { success: false, ...body, requestId: request.id };
  return reply.status(status).send(envelope);
}

/** One error handler for every route: the spec's envelope, field names on 400, no internals on 5xx. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const msg = MESSAGES[languageOf(request.url)];

    if (hasZodFastifySchemaValidationErrors(error)) {
      const part = error.validationContext ?? 'body';
      const details = error.validation.map((issue) => {
        const fieldPath = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const field = part === 'body' ? fieldPath || 'body' : `${part}.${fieldPath}`;
        return { field, message: issue.message ?? msg.invalid };
      });
      const first = details[0];
      request.log.info({ details }, 'request validation failed');
      return send(reply, request, 400, {
        error: first ? `${first.field}: ${first.message}` : msg.invalid,
        field: first?.field,
        details,
      });
    }

    if (error instanceof AppError) {
      if (error instanceof TooManyRequestsError)
        void reply.header('retry-after', String(error.retryAfterSeconds));
      request.log.info({ statusCode: error.statusCode, err: error.message }, 'request refused');
      return send(reply, request, error.statusCode, {
        error: error.message,
        ...(error.field
          ? { field: error.field, details: [{ field: error.field, message: error.message }] }
          : {}),
        ...(error instanceof PlanRequiredError ? { required_plan: error.requiredPlan } : {}),
      });
    }

    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'response did not match its schema');
      return send(reply, request, 500, { error: msg.internal });
    }

    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      request.log.info({ code: error.code }, 'request body too large');
      return send(reply, request, 413, { error: msg.tooLarge });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return send(reply, request, 415, { error: msg.mediaType });
    if (status === 429) {
      request.log.info('rate limited');
      return send(reply, request, 429, { error: msg.tooMany });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, empty JSON body, bad content length).
      const text =
        error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error instanceof SyntaxError
          ? msg.badJson
          : msg.invalid;
      request.log.info({ code: error.code, err: error.message }, 'bad request');
      return send(reply, request, status, {
        error: error.code?.startsWith('FST_ERR_CTP') ? msg.badJson : text,
      });
    }

    request.log.error({ err: error }, 'unhandled error');
    return send(reply, request, 500, { error: msg.internal });
  });
}

/** JSON 404 for API paths; other paths are left to the web app (SPA fallback). */
export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, request, 404, { error: MESSAGES[languageOf(request.url)].notFound });
}
