import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE_INFO } from '@bist/contracts';
import { STORAGE_KEYS } from '@/lib/storage';
import { renderApp } from '@/test/render-app';

const admin = {
  id: '0b6b6f3e-6f55-4a53-9f3a-6f1f0a3c2b11',
  name: 'Demo Super Admin',
  email: 'super_admin@example.com',
  role: 'super_admin' as const,
  permissions: [...ROLE_INFO.super_admin.permissions],
  description: ROLE_INFO.super_admin.description,
};

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.adminToken, 'admin-token');
  localStorage.setItem(STORAGE_KEYS.adminUser, JSON.stringify(admin));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AiOperationsPage', () => {
  it('while its data loads, the selected tab’s panel exists and holds the spinner (aria-controls points at it)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        url.startsWith('/admin/api/auth/verify')
          ? Promise.resolve(
              new Response(JSON.stringify({ success: true, user: admin }), {
                status: 200,
                headers: { 'Content-Type': 'application/json' },
              }),
            )
          : new Promise<Response>(() => undefined),
      ),
    );
    renderApp('/admin/ai-unified');
    const tab = await screen.findByRole('tab', { selected: true });
    const panelId = tab.getAttribute('aria-controls');
    expect(panelId).toBeTruthy();
    await waitFor(() => expect(document.getElementById(panelId!)).not.toBeNull());
    expect(document.getElementById(panelId!)!.textContent).toContain('Loading');
    // No algorithm count is invented while it loads.
    expect(screen.queryByText(/control of 0 ML algorithms/)).toBeNull();
  });
});
