import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { renderApp } from '@/test/render-app';

const user = { id: 'u1', email: 'ayse@example.com', name: 'Ayşe Yılmaz', role: 'investor', avatar: null };

function signedIn() {
  localStorage.setItem(STORAGE_KEYS.token, 'tok');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

async function expectLocation(path: string) {
  await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(path));
}

beforeEach(() => {
  localStorage.clear();
  // The API is not under test here: every call answers 503.
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(new Response(JSON.stringify({ success: false, error: 'down' }), { status: 503 })),
    ),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('route guards', () => {
  it.each(['/dashboard', '/stocks', '/indices', '/portfolio', '/predictions', '/stocks/THYAO'])(
    'sends a visitor at %s to /login and remembers where they were going',
    async (path) => {
      renderApp(path);
      await expectLocation('/login');
      expect(screen.getByTestId('location').dataset.from).toBe(path);
      expect(await screen.findByRole('heading', { name: 'Giriş Yap' })).toBeTruthy();
    },
  );

  it('shows the landing page to a visitor at /', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: /Borsa İstanbul/ })).toBeTruthy();
    await expectLocation('/');
  });

  it('sends a signed-in investor at / to the dashboard inside the layout', async () => {
    signedIn();
    renderApp('/');
    await expectLocation('/dashboard');
    // Only the shell is asserted here: the dashboard itself has its own tests.
    expect(await screen.findByTestId('sidebar')).toBeTruthy();
    expect(screen.getAllByText('Ayşe Yılmaz').length).toBeGreaterThan(0);
  });

  it('sends a signed-in investor at /login to the dashboard', async () => {
    signedIn();
    renderApp('/login');
    await expectLocation('/dashboard');
  });

  it('lets a signed-in investor open a protected page', async () => {
    signedIn();
    renderApp('/portfolio');
    expect(await screen.findByTestId('sidebar')).toBeTruthy();
    await expectLocation('/portfolio');
  });

  it.each(['/nope', '/admin/whatever', '/dashboard/extra/deep'])(
    'sends unknown path %s to /',
    async (path) => {
      renderApp(path);
      await expectLocation('/');
    },
  );

  it('treats an unparseable stored user as signed out', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok');
    localStorage.setItem(STORAGE_KEYS.user, 'garbage');
    renderApp('/dashboard');
    await expectLocation('/login');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('sends the investor to /login when the server says the token is no longer valid', async () => {
    signedIn();
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string) =>
        Promise.resolve(
          input === '/api/auth/me'
            ? new Response(JSON.stringify({ success: false, error: 'Oturum geçersiz' }), { status: 401 })
            : new Response(JSON.stringify({ success: false, error: 'down' }), { status: 503 }),
        ),
      ),
    );
    renderApp('/dashboard');
    await expectLocation('/login');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});
