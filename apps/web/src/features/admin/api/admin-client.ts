import type { ErrorEnvelope } from '@bist/contracts';
import { ApiError, type ResponseParser } from '@/lib/api-client';
import { adminT } from '../i18n';
import { clearAdminSession, storedAdminToken } from '../lib/admin-session';

/**
 * The admin API client of spec §7: base /admin/api, JSON, Bearer admin token (never the customer's), failure when
 * not ok with the server's `error` or 'Request failed'. A 401 clears the admin session and sends the user to
 * /admin/login (through the handler the admin session provider registers).
 */
export const ADMIN_API_BASE = '/admin/api';

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

export function setAdminUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
}

export interface AdminRequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  schema?: ResponseParser<T>;
  /** False for sign-in, whose 401 means wrong credentials rather than 'session over'. */
  handleUnauthorized?: boolean;
  signal?: AbortSignal;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function adminUrl(path: string, query?: AdminRequestOptions<unknown>['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${ADMIN_API_BASE}${path}${search ? `?${search}` : ''}`;
}

export async function adminRequest<T = unknown>(
  path: string,
  options: AdminRequestOptions<T> = {},
): Promise<T> {
  const { method = 'GET', body, query, schema, handleUnauthorized = true, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = storedAdminToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(adminUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({ kind: 'network', message: adminT('errors.network'), status: null, cause });
  }

  const payload = await readJson(response);
  const envelope = isObject(payload) ? (payload as Partial<ErrorEnvelope>) : undefined;
  const serverError = typeof envelope?.error === 'string' && envelope.error ? envelope.error : undefined;

  if (!response.ok || !isObject(payload) || payload.success !== true) {
    const status = response.status;
    if (status === 401) {
      if (handleUnauthorized) {
        clearAdminSession();
        unauthorizedHandler?.();
      }
      throw new ApiError({
        kind: 'unauthorized',
        message: serverError ?? adminT('errors.requestFailed'),
        status,
        envelope,
      });
    }
    const kind = status === 503 ? 'unavailable' : 'http';
    throw new ApiError({ kind, message: serverError ?? adminT('errors.requestFailed'), status, envelope });
  }

  if (!schema) return payload as T;
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    console.error(`Unexpected response shape from ${method} ${ADMIN_API_BASE}${path}`, parsed.error);
    throw new ApiError({
      kind: 'invalid-response',
      message: adminT('errors.requestFailed'),
      status: response.status,
    });
  }
  return parsed.data;
}
