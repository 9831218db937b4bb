import type { AddressInfo } from 'node:net';

const ALL_INTERFACES = new Set(['0.0.0.0', '::']);

/** An address as a URL's host: IPv6 in brackets. */
function urlHost({ address, family }: Pick<AddressInfo, 'address' | 'family'>): string {
  return family === 'IPv6' || address.includes(':') ? `[${address}]` : address;
}

/**
 * The start line's text for the addresses the server is really bound to (not the name it was asked for): an operator
 * must see at once when it answers other machines (0.0.0.0 or ::).
 */
export function listeningLine(
  addresses: readonly (string | Pick<AddressInfo, 'address' | 'family' | 'port'>)[],
): string {
  // A string is a pipe or socket path.
  const urls = addresses.map((a) => (typeof a === 'string' ? a : `http://${urlHost(a)}:${a.port}`));
  const everywhere = addresses.some((a) => typeof a !== 'string' && ALL_INTERFACES.has(a.address));
  return `BIST AI listening on ${urls.join(', ')}${everywhere ? ' (every network interface: reachable from other machines)' : ''}`;
}
