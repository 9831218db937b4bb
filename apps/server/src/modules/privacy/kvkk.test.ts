import { describe, expect, it } from 'vitest';
import {
  daysLeft,
  exportFileName,
  kvkkDeadline,
  newKvkkReference,
  pseudonymiseText,
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

describe(pseudonymiseText.name, () => {
  const rewrite = pseudonymiseText({ id: 'u-123', email: 'ali.kaya@example.com', name: 'Ali Kaya' }, 'p-999');

  it('replaces the e-mail and the full name by the placeholder and the id by the pseudonym', () => {
    expect(rewrite('ALI.KAYA@example.com called; ali  kaya (u-123) bought')).toBe(
      '[silinen kullanıcı] called; [silinen kullanıcı] (p-999) bought',
    );
  });

  it('replaces the name only as whole words, keeping a Turkish suffix after the apostrophe', () => {
    expect(rewrite("Ali Kaya'yı aradım; Ali Kayalar ve Vali Kaya değil")).toBe(
      "[silinen kullanıcı]'yı aradım; Ali Kayalar ve Vali Kaya değil",
    );
  });

  it('matches Turkish letters case-insensitively and leaves text without them unchanged', () => {
    const turkish = pseudonymiseText({ id: 'u-1', email: 'z@x.com', name: 'Zeynep Öztürk' }, 'p-1');
    expect(turkish('ZEYNEP ÖZTÜRK geldi')).toBe('[silinen kullanıcı] geldi');
    expect(turkish('nothing here')).toBe('nothing here');
  });
});
