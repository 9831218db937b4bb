import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, isApiError } from '@/lib/api-client';
import {
  currentReachability,
  noAnswerSide,
  reportNoAnswer,
  reportServerAnswer,
} from '@/lib/server-reachability';

const setOnline = (online: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  reportServerAnswer(200);
});

describe('server reachability (the header and failed calls)', () => {
  it("puts a call without an answer on the server's side while the browser is online", () => {
    setOnline(true);
    expect(noAnswerSide()).toBe('unreachable');
    setOnline(false);
    expect(noAnswerSide()).toBe('offline');
  });

  it("says a failed save was the server's side, not the user's internet, when the browser is online", async () => {
    setOnline(true);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await apiRequest('/api/portfolio/transactions', { method: 'POST', body: {} }).catch(
      (e: unknown) => e,
    );
    expect(isApiError(error) && error.kind).toBe('network');
    expect((error as Error).message).toMatch(/^Sunucuya ulaşılamadı/);
    expect(currentReachability()).toBe('unreachable');
  });

  it("says it was the user's connection when the browser is offline", async () => {
    setOnline(false);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await apiRequest('/api/portfolio/transactions').catch((e: unknown) => e);
    expect((error as Error).message).toBe('Bağlantı hatası. İnternet bağlantınızı kontrol edin.');
  });

  it("counts a gateway's 502/504 as no answer from the server, any other status as an answer", () => {
    setOnline(true);
    reportNoAnswer();
    expect(currentReachability()).toBe('unreachable');
    reportServerAnswer(404);
    expect(currentReachability()).toBe('reachable');
    reportServerAnswer(504);
    expect(currentReachability()).toBe('unreachable');
    setOnline(false);
    reportNoAnswer();
    expect(currentReachability()).toBe('offline');
  });
});
