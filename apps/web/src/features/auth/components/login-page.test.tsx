import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_TOKEN_PREFIX } from '@bist/contracts';
import { STORAGE_KEYS } from '@/lib/storage';
import { renderApp } from '@/test/render-app';

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const health = (demoMode: boolean) =>
  json(200, {
    success: true,
    status: 'ok',
    uptimeSeconds: 1,
    database: { reachable: true, latencyMs: 1 },
    demoMode,
    timestamp: new Date().toISOString(),
  });

const notFound = () => json(404, { success: false, error: 'Bulunamadı' });

/** The handler answers what a test cares about; /health answers `demoMode`. */
function serve(handler: Handler, demoMode = true) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = input;
      if (url === '/health') return Promise.resolve(health(demoMode));
      return Promise.resolve(handler(url, init));
    }),
  );
}

function fillAndSubmit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('E-posta'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Şifre'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Giriş Yap' }));
}

const user = { id: 'u1', email: 'ayse@example.com', name: 'Ayşe', role: 'investor', avatar: null };

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LoginPage', () => {
  it('shows the demo note only when /health says demo mode', async () => {
    serve(notFound, true);
    renderApp('/login');
    expect(await screen.findByText(/herhangi bir e-posta ve en az 8 karakterlik bir şifre/)).toBeTruthy();
    cleanup();

    serve(notFound, false);
    renderApp('/login');
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.demoMode)).toBe('false'));
    expect(screen.queryByText(/herhangi bir e-posta ve en az 8 karakterlik bir şifre/)).toBeNull();
  });

  it('toggles the password between hidden and shown', async () => {
    serve(notFound);
    renderApp('/login');
    const password = await screen.findByLabelText('Şifre');
    expect(password.getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Göster' }));
    expect(password.getAttribute('type')).toBe('text');
  });

  it('stores the session and goes to the returned redirect after success', async () => {
    serve((url) =>
      url === '/api/auth/login'
        ? json(200, {
            success: true,
            token: 'new-token',
            user,
            redirect: '/dashboard',
            expiresAt: '2030-01-01T00:00:00Z',
          })
        : url === '/api/auth/me'
          ? json(200, { success: true, user })
          : notFound(),
    );
    renderApp('/login');
    fillAndSubmit('ayse@example.com', 'secret');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('new-token');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}')).toEqual(user);
  });

  it('returns to the page the visitor came from', async () => {
    serve((url) =>
      url === '/api/auth/login'
        ? json(200, {
            success: true,
            token: 't',
            user,
            redirect: '/dashboard',
            expiresAt: '2030-01-01T00:00:00Z',
          })
        : notFound(),
    );
    renderApp('/portfolio');
    await screen.findByLabelText('E-posta');
    fillAndSubmit('ayse@example.com', 'secret');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/portfolio'));
  });

  it('shows field errors from the server under their fields', async () => {
    serve((url) =>
      url === '/api/auth/login'
        ? json(400, {
            success: false,
            error: 'Geçerli bir e-posta adresi girin',
            field: 'email',
            details: [{ field: 'email', message: 'Geçerli bir e-posta adresi girin' }],
          })
        : notFound(),
    );
    renderApp('/login');
    fillAndSubmit('ayse@localhost', 'secret');
    const message = await screen.findByText('Geçerli bir e-posta adresi girin');
    expect(message.id).toBe('email-error');
    expect(screen.getByLabelText('E-posta').getAttribute('aria-invalid')).toBe('true');
  });

  it("shows the server's error for a wrong password and stays on /login", async () => {
    serve(
      (url) =>
        url === '/api/auth/login'
          ? json(401, { success: false, error: 'E-posta veya şifre hatalı' })
          : notFound(),
      false,
    );
    renderApp('/login');
    fillAndSubmit('ayse@example.com', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toBe('E-posta veya şifre hatalı');
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });

  it('falls back to an offline session on a network failure when the server was last seen in demo mode', async () => {
    localStorage.setItem(STORAGE_KEYS.demoMode, 'true');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderApp('/login');
    fillAndSubmit('mehmet@example.com', 'x');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'));
    expect(localStorage.getItem(STORAGE_KEYS.token)?.startsWith(OFFLINE_TOKEN_PREFIX)).toBe(true);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}')).toMatchObject({
      name: 'mehmet',
      role: 'investor',
    });
  });

  it('shows the connection error instead when demo mode is not known (the browser online: the server is named)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderApp('/login');
    fillAndSubmit('mehmet@example.com', 'x');
    expect((await screen.findByRole('alert')).textContent).toContain('Sunucuya ulaşılamadı');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});
