import { afterEach, describe, expect, it } from 'vitest';
import { OFFLINE_TOKEN_PREFIX } from '@bist/contracts';
import { rememberDemoMode, rememberedDemoMode, safePath, signInFailure } from '@/features/auth/sign-in';
import { ApiError } from '@/lib/request-json';

const WORDS = { invalidCredentials: 'Lütfen geçerli bilgiler girin', failed: 'Giriş başarısız' };
const INPUT = { email: ' ayse@example.com ', password: 'gizli-sifre', now: 1_700_000_000_000 };

const networkError = () => new ApiError({ kind: 'network', message: 'Bağlantı hatası.', status: null });

afterEach(() => localStorage.clear());

describe('safePath', () => {
  it('keeps same-app paths and refuses other sites, protocol-relative URLs and /login itself', () => {
    expect(safePath('/portfolio')).toBe('/portfolio');
    expect(safePath('//evil.example')).toBeNull();
    expect(safePath('https://evil.example')).toBeNull();
    expect(safePath('/login')).toBeNull();
    expect(safePath(42)).toBeNull();
  });
});

describe('signInFailure', () => {
  it("puts the server's field details under their fields", () => {
    const error = new ApiError({
      kind: 'http',
      message: 'x',
      status: 400,
      envelope: {
        error: 'Geçersiz istek',
        details: [
          { field: 'body.email', message: 'Geçerli bir e-posta girin' },
          { field: 'password', message: 'En az 8 karakter' },
        ],
      },
    });
    expect(signInFailure(error, INPUT, WORDS)).toEqual({
      kind: 'refused',
      fieldErrors: { email: 'Geçerli bir e-posta girin', password: 'En az 8 karakter' },
      formError: null,
    });
  });

  it("shows the server's own words for a refusal without a field, else the generic failure", () => {
    const wrong = new ApiError({
      kind: 'unauthorized',
      message: 'x',
      status: 401,
      envelope: { error: 'E-posta veya şifre hatalı' },
    });
    expect(signInFailure(wrong, INPUT, WORDS)).toMatchObject({ formError: 'E-posta veya şifre hatalı' });
    const bare = new ApiError({ kind: 'http', message: 'x', status: 500 });
    expect(signInFailure(bare, INPUT, WORDS)).toMatchObject({ formError: 'Giriş başarısız' });
    expect(signInFailure(new TypeError('boom'), INPUT, WORDS)).toMatchObject({
      formError: 'Giriş başarısız',
    });
  });

  it('without a server outside demo mode says so; in demo mode a filled form opens an offline session', () => {
    expect(signInFailure(networkError(), INPUT, WORDS)).toEqual({
      kind: 'refused',
      fieldErrors: {},
      formError: 'Bağlantı hatası.',
    });
    rememberDemoMode(true);
    expect(rememberedDemoMode()).toBe(true);
    const offline = signInFailure(networkError(), INPUT, WORDS);
    expect(offline.kind).toBe('offline');
    if (offline.kind !== 'offline') return;
    expect(offline.session.token).toBe(`${OFFLINE_TOKEN_PREFIX}${INPUT.now}`);
    expect(offline.session.user).toMatchObject({ email: 'ayse@example.com', name: 'ayse', role: 'investor' });
    expect(signInFailure(networkError(), { ...INPUT, password: '' }, WORDS)).toMatchObject({
      kind: 'refused',
      formError: 'Lütfen geçerli bilgiler girin',
    });
    rememberDemoMode(false);
    expect(signInFailure(networkError(), INPUT, WORDS).kind).toBe('refused');
  });
});
