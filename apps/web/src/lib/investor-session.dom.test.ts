import { beforeEach, describe, expect, it } from 'vitest';
import { customerUserSchema, OFFLINE_TOKEN_PREFIX } from '@bist/contracts';
import {
  createOfflineSession,
  investorSession,
  isOfflineToken,
  storedCustomerUser,
} from './investor-session';
import { STORAGE_KEYS } from './storage';

const user = { id: 'u1', email: 'ayse@example.com', name: 'Ayşe', role: 'investor' as const, avatar: null };

beforeEach(() => localStorage.clear());

describe('investorSession.restore', () => {
  it('restores a stored token with a parseable stored user', () => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    expect(investorSession.restore()).toEqual({ token: 'tok', user });
  });

  it('clears both when the stored user is not JSON', () => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok');
    localStorage.setItem(STORAGE_KEYS.user, '{not json');
    expect(investorSession.restore()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('clears both when the stored user is JSON but not a user', () => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ hello: 'world' }));
    expect(investorSession.restore()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('clears a user stored without a token', () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    expect(investorSession.restore()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('is absent when nothing is stored', () => {
    expect(investorSession.restore()).toBeNull();
  });

  it('round-trips what persist stores', () => {
    investorSession.persist({ token: 't2', user });
    expect(investorSession.restore()).toEqual({ token: 't2', user });
  });
});

describe('createOfflineSession', () => {
  it('uses the demo prefix plus a timestamp, the e-mail part before @ and the investor role', () => {
    const session = createOfflineSession(' mehmet.kaya@example.com ', 1_700_000_000_000);
    expect(session.token).toBe(`${OFFLINE_TOKEN_PREFIX}1700000000000`);
    expect(isOfflineToken(session.token)).toBe(true);
    expect(session.user).toMatchObject({
      name: 'mehmet.kaya',
      email: 'mehmet.kaya@example.com',
      role: 'investor',
    });
  });
});

describe('storedCustomerUser', () => {
  // It stands in for customerUserSchema in the first bundle: both must accept and refuse the same values.
  const samples: unknown[] = [
    user,
    { ...user, avatar: 'https://example.com/a.png' },
    { ...user, extra: 'kept out' },
    { ...user, role: 'admin' },
    { ...user, avatar: undefined },
    { ...user, id: 1 },
    { email: user.email, name: user.name, role: user.role, avatar: null },
    { ...user, name: null },
    null,
    'user',
    [],
  ];
  it.each(samples.map((sample) => [JSON.stringify(sample), sample]))(
    'agrees with the schema on %s',
    (_, sample) => {
      const ours = storedCustomerUser.safeParse(sample);
      const schema = customerUserSchema.safeParse(sample);
      expect(ours.success).toBe(schema.success);
      if (ours.success && schema.success) expect(ours.data).toEqual(schema.data);
    },
  );
});
