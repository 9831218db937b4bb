import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { adminRequest, adminUrl, setAdminUnauthorizedHandler } from './admin-api-client';
import { STORAGE_KEYS } from './storage';

function respond(body: unknown, status: number) {
  const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status })));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  setAdminUnauthorizedHandler(null);
  localStorage.clear();
});

describe('admin API client', () => {
  it('sends the admin token, never the customer one, under /admin/api', async () => {
    localStorage.setItem('auth_token', 'customer-token');
    localStorage.setItem(STORAGE_KEYS.adminToken, 'admin-token');
    const fetchMock = respond({ success: true, users: [] }, 200);
    await adminRequest('/users', { query: { search: 'ada', role: undefined, status: 'all' } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/admin/api/users?search=ada&status=all');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer admin-token');
  });

  it("fails with the server's error, or 'Request failed' without one", async () => {
    respond({ success: false, error: 'Email already exists', field: 'email' }, 409);
    const error = await adminRequest('/users', { method: 'POST', body: {} }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Email already exists');
    expect((error as ApiError).field).toBe('email');

    respond({}, 500);
    await expect(adminRequest('/users')).rejects.toThrow('Request failed');
  });

  it('a 401 clears the admin session and calls the handler (to /admin/login)', async () => {
    localStorage.setItem(STORAGE_KEYS.adminToken, 'admin-token');
    localStorage.setItem(STORAGE_KEYS.adminUser, '{}');
    localStorage.setItem('auth_token', 'customer-token');
    const handler = vi.fn();
    setAdminUnauthorizedHandler(handler);
    respond({ success: false, error: 'Session expired' }, 401);
    await expect(adminRequest('/dashboard/stats')).rejects.toThrow('Session expired');
    expect(handler).toHaveBeenCalledOnce();
    expect(localStorage.getItem(STORAGE_KEYS.adminToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.adminUser)).toBeNull();
    // The customer session is another realm: untouched.
    expect(localStorage.getItem('auth_token')).toBe('customer-token');
  });

  it('a 401 on sign-in is wrong credentials, not the end of a session', async () => {
    const handler = vi.fn();
    setAdminUnauthorizedHandler(handler);
    respond({ success: false, error: 'Invalid email or password' }, 401);
    await expect(
      adminRequest('/auth/login', { method: 'POST', body: {}, handleUnauthorized: false }),
    ).rejects.toThrow('Invalid email or password');
    expect(handler).not.toHaveBeenCalled();
  });

  it('builds query strings without empty values', () => {
    expect(adminUrl('/audit-log', { page: 2, limit: 25, user: '', from: undefined })).toBe(
      '/admin/api/audit-log?page=2&limit=25',
    );
  });
});
