import { requestJson, type ApiRealm, type ApiRequestOptions } from '@/lib/request-json';
import { adminT } from '@/lib/admin-i18n';
import { adminSession } from '@/lib/admin-session';

/**
 * The admin API client: base /admin/api, JSON, the admin's bearer token (never the investor's); a failure carries
 * the server's `error`, else 'Request failed'. A 401 clears the admin session and sends the user to /admin/login
 * (through the handler the admin session provider registers).
 */
export const ADMIN_API_BASE = '/admin/api';

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

export function setAdminUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
}

export interface AdminRequestOptions extends ApiRequestOptions {
  query?: Record<string, string | number | undefined>;
}

export function adminUrl(path: string, query?: AdminRequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${ADMIN_API_BASE}${path}${search ? `?${search}` : ''}`;
}

/** The admin realm: the server's `error`, else 'Request failed'; a lost connection says so. */
const adminRealm: ApiRealm = {
  token: () => adminSession.token(),
  message: (kind, serverError) =>
    kind === 'network' ? adminT('errors.network') : (serverError ?? adminT('errors.requestFailed')),
  onUnauthorized() {
    adminSession.clear();
    unauthorizedHandler?.();
  },
};

export async function adminRequest<T = unknown>(path: string, options: AdminRequestOptions = {}): Promise<T> {
  const { query, ...request } = options;
  return requestJson(adminRealm, adminUrl(path, query), request);
}
