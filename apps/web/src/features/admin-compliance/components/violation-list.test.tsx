import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Violation } from '@bist/contracts';
import { AppProviders } from '@/app/providers/app-providers';
import '@/features/admin-compliance/i18n';
import { ViolationList } from './violation-list';

const investigating: Violation = {
  violation_id: 'bc76ac91-cec2-4c27-88d4-2039390979bb',
  id: 'bc76ac91-cec2-4c27-88d4-2039390979bb',
  severity_level: 'low',
  status: 'investigating',
  rule_code: 'PLT_SETTINGS_CHANGE',
  rule_name: 'Platform settings change',
  rule_version: 1,
  rule_category: 'platform',
  violation_description: 'superadmin@bistai.demo changed platform settings: ml_auto_retrain',
  entity_type: 'staff',
  entity_id: 'superadmin@bistai.demo',
  detected_at: '2026-11-28T01:24:00.000Z',
  occurred_at: '2026-11-28T01:23:59.000Z',
  evidence: { figures: { changed_keys: 'ml_auto_retrain' } },
  assigned_to: 'risk@bistai.demo',
  resolution_notes: null,
  resolved_at: null,
  history: [],
  is_demo: false,
};
const resolved: Violation = {
  ...investigating,
  status: 'resolved',
  resolution_notes: 'Scheduled change approved by the CTO',
  resolved_at: '2026-11-28T01:25:00.000Z',
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ViolationList', () => {
  it('finishes a save when the list empties under its dialog (the last violation of a filter), and the dialog does not come back when the list refills', async () => {
    let showList: (v: Violation[]) => void = () => undefined;
    function Filtered() {
      const [violations, setViolations] = useState<Violation[]>([investigating]);
      showList = setViolations;
      return <ViolationList violations={violations} canWork />;
    }
    // The save's refetch empties the Investigating list before the server's answer reaches the dialog.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => {
        act(() => showList([]));
        return Promise.resolve(
          new Response(JSON.stringify({ success: true, data: resolved }), {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          }),
        );
      }),
    );
    const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    render(
      <AppProviders queryClient={queryClient}>
        <Filtered />
      </AppProviders>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Resolve' }));
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: resolved.resolution_notes } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // The save completes: its toast shows and its dialog closes, with the list empty.
    expect(await screen.findByText('Violation status updated successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('No violations in this period')).toBeTruthy();
    // The Resolved filter shows it: no dialog opens by itself.
    act(() => showList([resolved]));
    expect(screen.getByText(/Scheduled change approved by the CTO/)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
