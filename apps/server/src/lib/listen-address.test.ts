import { describe, expect, it } from 'vitest';
import { listeningLine } from './listen-address.ts';

describe(listeningLine.name, () => {
  it('names the bound address, not localhost, and says when every interface answers', () => {
    expect(listeningLine([{ address: '0.0.0.0', family: 'IPv4', port: 3000 }])).toBe(
      'BIST AI listening on http://0.0.0.0:3000 (every network interface: reachable from other machines)',
    );
    expect(listeningLine([{ address: '::', family: 'IPv6', port: 3000 }])).toContain(
      'http://[::]:3000 (every',
    );
  });

  it('lists each loopback address of a localhost bind', () => {
    expect(
      listeningLine([
        { address: '127.0.0.1', family: 'IPv4', port: 3321 },
        { address: '::1', family: 'IPv6', port: 3321 },
      ]),
    ).toBe('BIST AI listening on http://127.0.0.1:3321, http://[::1]:3321');
  });
});
