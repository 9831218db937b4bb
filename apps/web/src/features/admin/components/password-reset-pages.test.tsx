import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render-app';

function json(body: unknown, status = 200) {
  return Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Lazy route chunks load on first use: a slow first import on a busy machine.
describe('staff password reset pages', { timeout: 20_000 }, () => {
  it("the login page links to 'Forgot password?', which asks for a link and shows the server's answer", async () => {
    const fetchMock = vi.fn((url: string, _init?: RequestInit) => {
      if (url.startsWith('/admin/api/auth/password-reset/request'))
        return json({
          success: true,
          message: 'If an active staff account has this e-mail, a link is on its way.',
        });
      return json({ success: false, error: 'Not found' }, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/admin/login');
    fireEvent.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    const send = await screen.findByRole('button', { name: 'Send reset link' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ops@example.com' } });
    fireEvent.click(send);
    expect(await screen.findByText(/a link is on its way/)).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) =>
      url.startsWith('/admin/api/auth/password-reset/request'),
    );
    expect(JSON.parse(call![1]!.body as string)).toEqual({ email: 'ops@example.com' });
  });

  it('sets a new password with the token from the link and shows a used link as an error', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        if (url.startsWith('/admin/api/auth/password-reset/confirm')) {
          bodies.push(JSON.parse(init!.body as string));
          return bodies.length === 1
            ? json(
                { success: false, error: 'This reset link is invalid, used or expired.', field: 'token' },
                400,
              )
            : json({ success: true, message: 'Password changed. Sign in with the new password.' });
        }
        return json({ success: false, error: 'Not found' }, 404);
      }),
    );
    renderApp('/admin/reset-password#token=abc-123');
    fireEvent.change(await screen.findByLabelText('New password'), { target: { value: 'new-pass-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(/invalid, used or expired/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(/Password changed/)).toBeTruthy();
    expect(bodies[1]).toEqual({ token: 'abc-123', password: 'new-pass-123' });
  });
});
