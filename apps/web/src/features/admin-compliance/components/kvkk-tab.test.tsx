import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { KvkkRequest } from '@bist/contracts';
import { KvkkTab } from './kvkk-tab';
import '@/features/admin-compliance/i18n';

function request(over: Partial<KvkkRequest>): KvkkRequest {
  return {
    id: 'r',
    type: 'access',
    status: 'received',
    reference: 'KVKK-0000000000',
    subject_email: 'ayse@example.com',
    subject_erased: false,
    requested_at: '2026-10-01T09:00:00.000Z',
    deadline_at: '2026-10-31T09:00:00.000Z',
    completed_at: null,
    days_left: 12,
    overdue: false,
    details: {},
    ...over,
  };
}

afterEach(cleanup);

describe(KvkkTab.name, () => {
  it('shows days left, overdue requests, late completions and erased subjects by reference only', () => {
    render(
      <KvkkTab
        data={{
          open: 2,
          overdue: 1,
          requests: [
            request({ id: 'a', reference: 'KVKK-AAAAAAAAAA' }),
            request({ id: 'b', reference: 'KVKK-BBBBBBBBBB', days_left: -3, overdue: true }),
            request({
              id: 'c',
              type: 'erasure',
              reference: 'KVKK-CCCCCCCCCC',
              status: 'completed',
              subject_email: null,
              subject_erased: true,
              completed_at: '2026-11-02T09:00:00.000Z',
              days_left: null,
              overdue: true,
            }),
          ],
        }}
      />,
    );
    const row = (reference: string) => screen.getByText(reference).closest('tr')!;
    expect(within(row('KVKK-AAAAAAAAAA')).getByText('12 days left')).toBeTruthy();
    expect(within(row('KVKK-AAAAAAAAAA')).getByText('ayse@example.com')).toBeTruthy();
    expect(within(row('KVKK-BBBBBBBBBB')).getByText('Overdue by 3 days')).toBeTruthy();
    const erased = within(row('KVKK-CCCCCCCCCC'));
    expect(erased.getByText('Erasure')).toBeTruthy();
    expect(erased.getByText('Erased (reference only)')).toBeTruthy();
    expect(erased.getByText('Completed late')).toBeTruthy();
    expect(screen.getByText(/Open: 2, overdue: 1/)).toBeTruthy();
  });

  it('says so when there are no requests', () => {
    render(<KvkkTab data={{ open: 0, overdue: 0, requests: [] }} />);
    expect(screen.getByText('No KVKK requests yet')).toBeTruthy();
  });
});
