import { useEffect, useState } from 'react';

/** One row of the `quotes` event of GET /api/market/stream. */
export interface StreamQuote {
  symbol: string;
  price: number;
  changePercent: number;
  volume: number;
  high: number;
  low: number;
  time: string;
}

function isStreamQuote(value: unknown): value is StreamQuote {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.symbol === 'string' &&
    typeof v.price === 'number' &&
    typeof v.changePercent === 'number' &&
    typeof v.volume === 'number' &&
    typeof v.high === 'number' &&
    typeof v.low === 'number' &&
    typeof v.time === 'string'
  );
}

/** Parses the data of one `quotes` event; anything malformed is dropped. */
export function parseQuotesEvent(data: string): StreamQuote[] {
  try {
    const parsed: unknown = JSON.parse(data);
    return Array.isArray(parsed) ? parsed.filter(isStreamQuote) : [];
  } catch {
    return [];
  }
}

/**
 * Live quote of one symbol from the Server-Sent Events stream (`/api/market/stream?symbols=X`). The browser's
 * EventSource reconnects by itself (the server sends `retry: 5000`); `connected` says whether it is open now.
 */
export function useQuoteStream(symbol: string | undefined) {
  const [state, setState] = useState<{
    symbol: string | undefined;
    quote: StreamQuote | null;
    connected: boolean;
  }>({
    symbol,
    quote: null,
    connected: false,
  });

  useEffect(() => {
    if (!symbol || typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/market/stream?symbols=${encodeURIComponent(symbol)}`);
    const onQuotes = (event: MessageEvent<string>) => {
      const quote = parseQuotesEvent(event.data).find((q) => q.symbol === symbol);
      if (quote) setState({ symbol, quote, connected: true });
    };
    source.addEventListener('quotes', onQuotes);
    source.onopen = () =>
      setState((s) =>
        s.symbol === symbol ? { ...s, connected: true } : { symbol, quote: null, connected: true },
      );
    source.onerror = () => setState((s) => ({ ...s, connected: false }));
    return () => {
      source.removeEventListener('quotes', onQuotes);
      source.close();
    };
  }, [symbol]);

  // A quote of the previous symbol never shows on the next one's page.
  return state.symbol === symbol
    ? { quote: state.quote, connected: state.connected }
    : { quote: null, connected: false };
}
