import { describe, expect, it } from 'vitest';
import {
  daysLeft,
  exportFileName,
  kvkkDeadline,
  newKvkkReference,
  redactText,
  toKvkkRequest,
} from './kvkk.ts';

const requestedAt = new Date('2026-11-01T09:00:00Z');
const row = {
  id: 'r1',
  type: 'erasure',
  status: 'received',
  reference: 'KVKK-0123456789',
  userId: 'u1',
  requestedAt,
  deadlineAt: kvkkDeadline(requestedAt),
  completedAt: null,
  details: {},
};

describe('KVKK deadlines', () => {
  it('answers within 30 days of the request', () => {
    expect(kvkkDeadline(requestedAt).toISOString()).toBe('2026-12-01T09:00:00.000Z');
  });

  it('counts whole days left, rounding up, and goes negative when overdue', () => {
    const deadline = kvkkDeadline(requestedAt);
    expect(daysLeft(deadline, requestedAt)).toBe(30);
    expect(daysLeft(deadline, new Date('2026-12-01T08:00:00Z'))).toBe(1);
    expect(daysLeft(deadline, new Date('2026-12-01T09:00:00Z'))).toBe(0);
    expect(daysLeft(deadline, new Date('2026-12-03T10:00:00Z'))).toBe(-2);
  });
});

describe(toKvkkRequest.name, () => {
  it('shows an open request with its days left and the e-mail while the account exists', () => {
    expect(toKvkkRequest(row, 'a@example.com', new Date('2026-11-21T09:00:00Z'))).toMatchObject({
      status: 'received',
      subject_email: 'a@example.com',
      subject_erased: false,
      days_left: 10,
      overdue: false,
      completed_at: null,
    });
  });

  it('marks an open request past its deadline overdue', () => {
    expect(toKvkkRequest(row, null, new Date('2026-12-05T09:00:00Z'))).toMatchObject({
      days_left: -4,
      overdue: true,
    });
  });

  it('shows an erased subject only by reference, and a completed request without days left', () => {
    const done = { ...row, status: 'completed', userId: null, completedAt: new Date('2026-11-01T09:00:01Z') };
    expect(toKvkkRequest(done, 'leak@example.com', new Date('2026-12-20T00:00:00Z'))).toMatchObject({
      subject_email: null,
      subject_erased: true,
      days_left: null,
      overdue: false,
      reference: 'KVKK-0123456789',
    });
  });

  it('marks a request completed after its deadline as overdue', () => {
    const late = { ...row, status: 'completed', completedAt: new Date('2026-12-02T00:00:00Z') };
    expect(toKvkkRequest(late, null, new Date('2026-12-20T00:00:00Z')).overdue).toBe(true);
  });
});

describe('file name, reference and redaction', () => {
  it('dates the export file in Istanbul (UTC+3)', () => {
    expect(exportFileName(new Date('2026-11-24T22:30:00Z'))).toBe('bist-ai-verilerim-2026-11-25.json');
  });

  it('makes random references of 10 hex digits', () => {
    const a = newKvkkReference();
    expect(a).toMatch(/^KVKK-[0-9A-F]{10}$/);
    expect(newKvkkReference()).not.toBe(a);
  });

  it('replaces every occurrence case-insensitively, treating the needle literally', () => {
    expect(redactText('Mail A.B@x.com or a.b@X.com; aXb@x.com stays', 'a.b@x.com', '[x]')).toBe(
      'Mail [x] or [x]; aXb@x.com stays',
    );
    expect(redactText('unchanged', '', '[x]')).toBe('unchanged');
  });
});
