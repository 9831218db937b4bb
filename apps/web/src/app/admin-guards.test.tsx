import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE_INFO, type AdminSessionUser } from '@bist/contracts';
import { renderApp } from '@/test/render-app';
import { STORAGE_KEYS } from '@/lib/storage';

function staff(role: AdminSessionUser['role']): AdminSessionUser {
  return {
    id: '0b6b6f3e-6f55-4a53-9f3a-6f1f0a3c2b11',
    name: role === 'super_admin' ? 'Demo Super Admin' : 'Ada Analyst',
    email: `${role}@example.com`,
    role,
    permissions: [...ROLE_INFO[role].permissions],
    description: ROLE_INFO[role].description,
  };
}

function stored(user: AdminSessionUser) {
  localStorage.setItem(STORAGE_KEYS.adminToken, 'admin-token');
  localStorage.setItem(STORAGE_KEYS.adminUser, JSON.stringify(user));
}

function json(body: unknown, status = 200) {
  return Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

/** A fake admin API: verify answers with `verifyAs` (or 401), everything else fails so pages show their errors. */
function fakeApi(verifyAs: AdminSessionUser | null) {
  const fetchMock = vi.fn((url: string, _init?: RequestInit) => {
    if (url.startsWith('/admin/api/auth/verify')) {
      return verifyAs
        ? json({ success: true, user: verifyAs })
        : json({ success: false, error: 'Session expired' }, 401);
    }
    if (url.startsWith('/admin/api/auth/demo-accounts'))
      return json({ success: false, error: 'Not found' }, 404);
    return json({ success: false, error: 'down' }, 503);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function expectLocation(path: string) {
  await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(path));
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('admin guard', () => {
  it.each(['/admin/dashboard', '/admin/users', '/admin/audit', '/admin/settings', '/admin/ai'])(
    'sends a visitor at %s to /admin/login, remembering the page',
    async (path) => {
      fakeApi(null);
      renderApp(path);
      await expectLocation('/admin/login');
      expect(screen.getByTestId('location').dataset.from).toBe(path);
      expect(await screen.findByText('Admin Panel')).toBeTruthy();
    },
  );

  it('a customer session does not open the admin panel', async () => {
    fakeApi(null);
    localStorage.setItem('auth_token', 'customer');
    localStorage.setItem(
      'user_data',
      JSON.stringify({ id: 'u1', email: 'a@b.c', name: 'A', role: 'investor', avatar: null }),
    );
    renderApp('/admin/dashboard');
    await expectLocation('/admin/login');
  });

  it('verifies a stored token on load and keeps the session when the server agrees', async () => {
    const fetchMock = fakeApi(staff('super_admin'));
    stored(staff('super_admin'));
    renderApp('/admin/users');
    expect(await screen.findByText('Failed to load users')).toBeTruthy();
    await expectLocation('/admin/users');
    const verifyCall = fetchMock.mock.calls.find(([url]) => url.includes('/auth/verify'));
    expect(verifyCall).toBeTruthy();
    const init = verifyCall?.[1];
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer admin-token');
  });

  it('clears the stored credentials when verification fails and goes to /admin/login', async () => {
    fakeApi(null);
    stored(staff('super_admin'));
    renderApp('/admin/dashboard');
    await expectLocation('/admin/login');
    expect(localStorage.getItem(STORAGE_KEYS.adminToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.adminUser)).toBeNull();
  });

  it('shows Access Denied on user management without user_management', async () => {
    fakeApi(staff('data_analyst'));
    stored(staff('data_analyst'));
    renderApp('/admin/users');
    expect(await screen.findByText('Access Denied')).toBeTruthy();
    expect(screen.getByText("You don't have permission to manage users.")).toBeTruthy();
    // The sidebar hides what the server would refuse.
    expect(screen.queryByRole('link', { name: 'Users' })).toBeNull();
  });

  it.each([
    [
      'risk_manager',
      '/admin/analytics',
      "You don't have permission to view business intelligence.",
      'Compliance & Risk',
    ],
    ['ceo', '/admin/compliance', "You don't have permission to view compliance dashboard.", 'Users'],
    ['cfo', '/admin/ai', "You don't have permission to view AI dashboard.", 'Compliance & Risk'],
  ] as const)(
    "shows a %s at %s the screen's own Access Denied sentence inside the admin layout",
    async (role, path, sentence, link) => {
      fakeApi(staff(role));
      stored(staff(role));
      renderApp(path);
      expect(await screen.findByText(sentence)).toBeTruthy();
      expect(screen.getByTestId('access-denied')).toBeTruthy();
      // The menu beside it lists what the role may open.
      expect(screen.getByRole('link', { name: link })).toBeTruthy();
      await expectLocation(path);
    },
  );

  it('opens a screen the role may open without the Access Denied view', async () => {
    fakeApi(staff('risk_manager'));
    stored(staff('risk_manager'));
    renderApp('/admin/compliance');
    expect(await screen.findByRole('heading', { name: 'Compliance & Risk Management' })).toBeTruthy();
    expect(screen.queryByTestId('access-denied')).toBeNull();
  });

  it('a signed-in admin at /admin/login goes to the dashboard', async () => {
    fakeApi(staff('super_admin'));
    stored(staff('super_admin'));
    renderApp('/admin/login');
    await expectLocation('/admin/dashboard');
  });
});
