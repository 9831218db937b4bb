import type { FastifyInstance } from 'fastify';
import { BadRequestError } from '@/lib/errors';
import { languageOf } from './error-handler.ts';

const MESSAGES = {
  tr: 'NUL karakteri (U+0000) kullanılamaz',
  en: 'must not contain the NUL character (U+0000)',
} as const;

/** The path of the first string in `value` that contains U+0000 ('notes', 'items.2.name'), or null. */
export function nulFieldOf(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'value' : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nulFieldOf(item, path ? `${path}.${index}` : String(index));
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return path ? `${path}.${key}` : key;
      const found = nulFieldOf(item, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Refuses any route parameter, query value or body string containing U+0000 with 400 naming the field, before
 * validation: PostgreSQL cannot store it (text columns reject it), so it would otherwise surface as a 500.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const field = nulFieldOf(request.params) ?? nulFieldOf(request.query) ?? nulFieldOf(request.body);
    if (!field) return;
    const language = languageOf(request.url);
    throw new BadRequestError(
      language === 'en' ? `${field} ${MESSAGES.en}` : `${field}: ${MESSAGES.tr}`,
      field,
    );
  });
}
