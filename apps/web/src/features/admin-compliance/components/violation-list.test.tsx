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

  it('wants a note before Investigate saves, and offers the spec note when resolving', () => {
    const open: Violation = { ...investigating, status: 'open', assigned_to: null };
    render(
      <AppProviders queryClient={new QueryClient()}>
        <ViolationList violations={[open]} canWork />
      </AppProviders>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Investigate' }));
    const save = screen.getByRole('button', { name: 'Save' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: '   ' } });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'Checking the feed' } });
    expect((save as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Resolve' }));
    expect(screen.getByLabelText<HTMLTextAreaElement>('Notes').value).toBe('Resolved by admin');
  });

  it('bulk triage: selects all workable violations and resolves them with one note in one request', async () => {
    const a: Violation = { ...investigating, status: 'open', violation_id: 'a', id: 'a', entity_id: 'AAA' };
    const b: Violation = { ...investigating, violation_id: 'b', id: 'b', entity_id: 'BBB' };
    const fetchMock = vi.fn((_url: string, _init?: RequestInit) =>
      Promise.resolve(
        new Response(JSON.stringify({ success: true, data: { updated: 2, violations: [a, b] } }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(
      <AppProviders queryClient={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
        <ViolationList violations={[a, b, resolved]} canWork bulk />
      </AppProviders>,
    );
    // The resolved one has no box: it cannot be moved.
    expect(screen.getAllByTestId('violation-select')).toHaveLength(2);
    fireEvent.click(screen.getByLabelText('Select all'));
    expect(screen.getByTestId('bulk-count').textContent).toBe('2 selected');
    fireEvent.click(screen.getByRole('button', { name: 'Resolve…' }));
    const notes = screen.getByLabelText('Notes');
    fireEvent.change(notes, { target: { value: '' } });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
    fireEvent.change(notes, { target: { value: 'Simulated market noise' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('2 violations updated')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain('/admin/api/compliance/violations/bulk');
    expect(JSON.parse(init?.body as string)).toEqual({
      ids: ['a', 'b'],
      status: 'resolved',
      resolution_notes: 'Simulated market noise',
    });
  });
});
