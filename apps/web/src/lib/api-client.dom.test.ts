import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, ApiError, setUnauthorizedHandler } from './api-client';
import { STORAGE_KEYS } from './storage';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

async function captureError(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  localStorage.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(null);
});

describe('apiRequest', () => {
  it('sends JSON with the stored Bearer token and returns the success body', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'abc');
    fetchMock.mockResolvedValue(jsonResponse(200, { success: true, data: { n: 1 } }));

    const result = await apiRequest('/api/x', { method: 'POST', body: { a: 1 } });

    expect(result).toEqual({ success: true, data: { n: 1 } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/x');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer abc');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init?.body).toBe('{"a":1}');
  });

  it('sends no Authorization header without a stored token', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { success: true }));
    await apiRequest('/health');
    const headers = fetchMock.mock.calls[0]![1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
  });

  it('maps 503 to the unavailable message', async () => {
    fetchMock.mockResolvedValue(jsonResponse(503, { success: false, error: 'db down' }));
    const error = await captureError(apiRequest('/api/x'));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toBe('Servis şu anda kullanılamıyor. Lütfen daha sonra tekrar deneyin.');
  });

  it("maps a network failure to the side that failed: the user's connection when offline, else the server", async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const offlineError = await captureError(apiRequest('/api/x'));
    expect(offlineError.kind).toBe('network');
    expect(offlineError.status).toBeNull();
    expect(offlineError.message).toBe('Bağlantı hatası. İnternet bağlantınızı kontrol edin.');
    online.mockReturnValue(true);
    const serverError = await captureError(apiRequest('/api/x'));
    expect(serverError.kind).toBe('network');
    expect(serverError.message).toMatch(/^Sunucuya ulaşılamadı: internet bağlantınız açık görünüyor/);
    online.mockRestore();
  });

  it('maps any other failure to the unexpected message and keeps the server error, field and details', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, {
        success: false,
        error: 'Geçerli bir e-posta adresi girin',
        field: 'email',
        details: [{ field: 'email', message: 'Geçerli bir e-posta adresi girin' }],
        requestId: 'req-1',
      }),
    );
    const error = await captureError(apiRequest('/api/auth/login', { method: 'POST', body: {} }));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(400);
    expect(error.message).toBe('Beklenmeyen bir hata oluştu.');
    expect(error.serverError).toBe('Geçerli bir e-posta adresi girin');
    expect(error.field).toBe('email');
    expect(error.details).toEqual([{ field: 'email', message: 'Geçerli bir e-posta adresi girin' }]);
    expect(error.requestId).toBe('req-1');
  });

  it('treats a 200 without success: true as an error', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { success: false, error: 'nope' }));
    const error = await captureError(apiRequest('/api/x'));
    expect(error.message).toBe('Beklenmeyen bir hata oluştu.');
  });

  it('treats a non-JSON error page as an unexpected error', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad Gateway</html>', { status: 502 }));
    const error = await captureError(apiRequest('/api/x'));
    expect(error.status).toBe(502);
    expect(error.serverError).toBeUndefined();
    expect(error.message).toBe('Beklenmeyen bir hata oluştu.');
  });

  it('on 401 clears the stored session and calls the unauthorized handler', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'expired');
    localStorage.setItem(STORAGE_KEYS.user, '{"id":"1"}');
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    fetchMock.mockResolvedValue(jsonResponse(401, { success: false, error: 'Oturum geçersiz' }));

    const error = await captureError(apiRequest('/api/auth/me'));

    expect(error.kind).toBe('unauthorized');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('leaves the session alone on a 401 the caller handles itself (wrong password at login)', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'keep');
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    fetchMock.mockResolvedValue(jsonResponse(401, { success: false, error: 'E-posta veya şifre hatalı' }));

    const error = await captureError(
      apiRequest('/api/auth/login', { method: 'POST', body: {}, handleUnauthorized: false }),
    );

    expect(error.displayMessage).toBe('E-posta veya şifre hatalı');
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('keep');
  });
});
