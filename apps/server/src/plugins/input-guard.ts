import type { FastifyInstance } from 'fastify';
import { BadRequestError } from '@/lib/errors';
import { languageOf } from './error-handler.ts';

/** Deepest nesting of arrays and objects a request body may have; no route's body comes near it. */
export const MAX_JSON_DEPTH = 64;

type InputProblemKind = 'nul' | 'surrogate' | 'depth';

export interface InputProblem {
  kind: InputProblemKind;
  /** Path of the offending string ('notes', 'items.2.name'); for too deep a body, its top-level field or 'body'. */
  field: string;
}

const MESSAGES: Record<InputProblemKind, { tr: string; en: string }> = {
  nul: {
    tr: 'NUL karakteri (U+0000) kullanılamaz',
    en: 'must not contain the NUL character (U+0000)',
  },
  surrogate: {
    tr: 'geçersiz Unicode içeriyor (eşi olmayan UTF-16 vekil karakteri)',
    en: 'must be valid Unicode (it holds an unpaired UTF-16 surrogate)',
  },
  depth: {
    tr: `JSON en fazla ${MAX_JSON_DEPTH} düzey iç içe olabilir`,
    en: `JSON nested deeper than ${MAX_JSON_DEPTH} levels`,
  },
};

/** With the u flag a pair is one astral code point, so only an unpaired surrogate is a code point of category Cs. */
const LONE_SURROGATE = /\p{Cs}/u;

function stringProblem(text: string): InputProblemKind | null {
  if (text.includes('\u0000')) return 'nul';
  return LONE_SURROGATE.test(text) ? 'surrogate' : null;
}

/** A container still to visit, with what is needed to name its path only when something is found in it. */
interface Pending {
  value: object;
  depth: number;
  key: string;
  parent: Pending | null;
}

function pathOf(node: Pending | null, key: string): string {
  const parts = [key];
  for (let n = node; n && n.parent !== null; n = n.parent) parts.push(n.key);
  return parts.reverse().join('.');
}

/**
 * The first problem in a parsed request part — a string or key holding U+0000 or an unpaired UTF-16 surrogate, or
 * containers nested deeper than `maxDepth` — with the path of its field, or null. Walks with an explicit stack, so a
 * body nested 100,000 levels deep costs a loop, not the call stack.
 */
export function inputProblemOf(value: unknown, maxDepth = MAX_JSON_DEPTH): InputProblem | null {
  if (typeof value === 'string') {
    const kind = stringProblem(value);
    return kind ? { kind, field: 'value' } : null;
  }
  if (value === null || typeof value !== 'object') return null;
  const stack: Pending[] = [{ value, depth: 1, key: '', parent: null }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.depth > maxDepth) {
      let top = node;
      while (top.parent?.parent) top = top.parent;
      return { kind: 'depth', field: top.parent ? top.key : 'body' };
    }
    const entries: Iterable<[string | number, unknown]> = Array.isArray(node.value)
      ? node.value.entries()
      : Object.entries(node.value);
    for (const [rawKey, item] of entries) {
      const key = String(rawKey);
      const keyKind = typeof rawKey === 'string' ? stringProblem(key) : null;
      if (keyKind) return { kind: keyKind, field: pathOf(node, key) };
      if (typeof item === 'string') {
        const kind = stringProblem(item);
        if (kind) return { kind, field: pathOf(node, key) };
      } else if (item !== null && typeof item === 'object') {
        stack.push({ value: item, depth: node.depth + 1, key, parent: node });
      }
    }
  }
  return null;
}

/**
 * Refuses, before validation, any route parameter, query value or body that PostgreSQL or our own recursive code
 * cannot take, with 400 naming the field: U+0000 (text columns reject it), an unpaired surrogate (jsonb rejects
 * '\ud800'), or a body nested deeper than MAX_JSON_DEPTH (validation, audit redaction and JSON.stringify recurse).
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const problem =
      inputProblemOf(request.params) ?? inputProblemOf(request.query) ?? inputProblemOf(request.body);
    if (!problem) return;
    const { field, kind } = problem;
    throw new BadRequestError(`${field}: ${MESSAGES[kind][languageOf(request.url)]}`, field);
  });
}
