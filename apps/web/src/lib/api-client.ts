import { requestJson, type ApiRealm, type ApiRequestOptions } from '@/lib/request-json';
import { i18n } from '@/lib/i18n';
import { investorSession } from '@/lib/investor-session';
import { noAnswerSide } from '@/lib/server-reachability';

/**
 * The investor's API client: the investor realm of requestJson (lib/request-json.ts) — their bearer token, Turkish
 * messages for each kind of failure, a 401 ends the session.
 */
export { ApiError, isApiError } from '@/lib/request-json';

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/** The session provider registers what a 401 does: clear the session and go to /login. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
}

/**
 * The investor realm: without an answer, the side that failed — 'Bağlantı hatası… İnternet bağlantınızı…' when the
 * browser is offline, 'Sunucuya ulaşılamadı…' when it is online and the server did not answer; 'Servis şu anda kullanılamıyor…' on a 503, else
 * 'Beklenmeyen bir hata oluştu.' (the server's own words stay on the error for forms).
 */
const investorRealm: ApiRealm = {
  token: () => investorSession.token(),
  message(kind) {
    if (kind === 'network')
      return noAnswerSide() === 'offline' ? i18n.t('errors.network') : i18n.t('errors.serverUnreachable');
    if (kind === 'unavailable') return i18n.t('errors.unavailable');
    return i18n.t('errors.unexpected');
  },
  onUnauthorized() {
    investorSession.clear();
    unauthorizedHandler?.();
  },
};

export async function apiRequest<T = unknown>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  return requestJson(investorRealm, path, options);
}
