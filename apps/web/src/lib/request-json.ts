import type { ErrorEnvelope, PlanId } from '@bist/contracts';
import { reportNoAnswer, reportServerAnswer } from '@/lib/server-reachability';

/**
 * One JSON call to the server, for any realm (investor, admin, the static sign-in page): same origin, JSON, Bearer
 * token when one is stored, every non-success status is an error. Errors carry a message for the kind of failure
 * plus the server's own `error`/`field`/`details` so forms can show them under their fields. No React, no i18n:
 * the realm gives the messages.
 */

export type ApiErrorKind = 'network' | 'unavailable' | 'unauthorized' | 'http';

export interface FieldIssue {
  field: string;
  message: string;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** HTTP status, or null when the request never got an answer. */
  readonly status: number | null;
  /** The server's `error` text, when it sent an envelope. */
  readonly serverError: string | undefined;
  readonly field: string | undefined;
  readonly details: FieldIssue[];
  readonly requestId: string | undefined;
  /** A plan limit refused the request: the cheapest plan that allows it (decision 0056). */
  readonly requiredPlan: PlanId | undefined;

  constructor(init: {
    kind: ApiErrorKind;
    message: string;
    status: number | null;
    envelope?: Partial<ErrorEnvelope> | undefined;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status;
    this.serverError = typeof init.envelope?.error === 'string' ? init.envelope.error : undefined;
    this.field = typeof init.envelope?.field === 'string' ? init.envelope.field : undefined;
    this.details = Array.isArray(init.envelope?.details) ? init.envelope.details : [];
    this.requestId = typeof init.envelope?.requestId === 'string' ? init.envelope.requestId : undefined;
    const plan = init.envelope?.required_plan;
    this.requiredPlan = plan === 'free' || plan === 'premium' || plan === 'pro' ? plan : undefined;
  }

  /** Message for a form: the server's own words when it gave any, else the message for the kind of failure. */
  get displayMessage(): string {
    return this.serverError ?? this.message;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** False for calls such as login whose 401 means "wrong password", not "session over". */
  handleUnauthorized?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (e.g. an Idempotency-Key). */
  headers?: Record<string, string>;
}

/** What differs between the investor's and the admin's API clients; `requestJson` does the rest. */
export interface ApiRealm {
  /** The stored bearer token of this realm, if any. */
  token(): string | null;
  /** The error message for a failure; `serverError` is the envelope's `error` when the server sent one. */
  message(kind: ApiErrorKind, serverError: string | undefined): string;
  /** A 401 on a call that handles it: drop this realm's session and let the app redirect. */
  onUnauthorized(): void;
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

/**
 * One JSON call: Bearer token, body as JSON, every non-success answer (HTTP error or `success` not true) an
 * ApiError of the right kind carrying the envelope. The success body is returned as T without parsing it again:
 * the server's serializer has checked it against the contract's response schema (T is that schema's type), and
 * keeping zod and the schemas out of the browser's bundles is the point (decision 0034).
 */
export async function requestJson<T>(
  realm: ApiRealm,
  url: string,
  options: ApiRequestOptions = {},
): Promise<T> {
  const { method = 'GET', body, handleUnauthorized = true, signal } = options;
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = realm.token();
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    reportNoAnswer();
    throw new ApiError({
      kind: 'network',
      message: realm.message('network', undefined),
      status: null,
      cause,
    });
  }

  reportServerAnswer(response.status);
  const payload = await readJson(response);
  const envelope = isObject(payload) ? (payload as Partial<ErrorEnvelope>) : undefined;
  const serverError = typeof envelope?.error === 'string' && envelope.error ? envelope.error : undefined;

  if (!response.ok || !isObject(payload) || payload.success !== true) {
    const status = response.status;
    if (status === 401 && handleUnauthorized) realm.onUnauthorized();
    const kind: ApiErrorKind = status === 401 ? 'unauthorized' : status === 503 ? 'unavailable' : 'http';
    throw new ApiError({ kind, message: realm.message(kind, serverError), status, envelope });
  }

  return payload as T;
}
