import { describe, expect, it } from 'vitest';
import { marketSourceData, simulatedSourceData } from '@/test/market-source';
import {
  isComputedIndex,
  marketSourceFromBody,
  marketSourceKind,
  marketSourceSentence,
} from './market-source';

const TEXTS = {
  real: '{{provider}} üzerinden, {{delay}} dakika gecikmeli.',
  realNoDelay: '{{provider}} üzerinden.',
  simulated: 'Simülasyon.',
};

describe('marketSourceKind', () => {
  it('is real only when the server names a real feed; unknown when it says nothing', () => {
    expect(marketSourceKind(marketSourceData())).toBe('real');
    expect(marketSourceKind(simulatedSourceData())).toBe('simulated');
    expect(marketSourceKind(null)).toBe('unknown');
    expect(marketSourceKind(undefined)).toBe('unknown');
  });
});

describe('marketSourceFromBody', () => {
  it("takes the route's data and refuses anything else (a 404 envelope, another body, nothing)", () => {
    const source = marketSourceData();
    expect(marketSourceFromBody({ success: true, data: source })).toBe(source);
    for (const body of [
      undefined,
      null,
      'x',
      { success: false, error: 'Route GET:/api/market/source not found', statusCode: 404 },
      { success: true, data: null },
      { success: true, data: { stocks: 596 } },
    ])
      expect(marketSourceFromBody(body)).toBeNull();
  });
});

describe('marketSourceSentence', () => {
  it('names the provider and its delay for the real feed', () => {
    expect(marketSourceSentence(marketSourceData(), TEXTS)).toBe(
      'Yahoo Finance üzerinden, 15 dakika gecikmeli.',
    );
    expect(marketSourceSentence(marketSourceData({ delay_minutes: null }), TEXTS)).toBe(
      'Yahoo Finance üzerinden.',
    );
  });

  it('says simulation for the simulator, and nothing when the server did not say', () => {
    expect(marketSourceSentence(simulatedSourceData(), TEXTS)).toBe('Simülasyon.');
    expect(marketSourceSentence(null, TEXTS)).toBeNull();
  });
});

describe('isComputedIndex', () => {
  it('is true only for the codes the server lists as computed', () => {
    const source = simulatedSourceData({ computed_indices: ['XU100'] });
    expect(isComputedIndex(source, 'XU100')).toBe(true);
    expect(isComputedIndex(source, 'XU030')).toBe(false);
    expect(isComputedIndex(null, 'XU100')).toBe(false);
  });
});
