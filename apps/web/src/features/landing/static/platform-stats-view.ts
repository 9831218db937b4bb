import { formatNumber, formatPercent } from '@/lib/format';

/** A week of running: below it an uptime percent measures minutes, not reliability, and is not shown. */
export const UPTIME_MIN_SECONDS = 7 * 24 * 3600;

export interface PlatformStatsView {
  /** Text per card key (stocks, indices, algorithms); '---' when unknown. */
  values: Record<'stocks' | 'indices' | 'algorithms', string>;
  /** The uptime percent, only once the server has run for a week. */
  uptime: string | null;
  /** The figures could not be read. */
  unavailable: boolean;
}

const count = (value: unknown) => (typeof value === 'number' ? value : undefined);

/**
 * What the landing cards show for a /api/platform/stats response body ({ data: PlatformStats }), checked field by
 * field without a schema library (the static landing page loads no zod); anything missing shows '---'.
 */
export function platformStatsView(body: unknown): PlatformStatsView {
  const data =
    body && typeof body === 'object' && 'data' in body && body.data && typeof body.data === 'object'
      ? (body.data as Record<string, unknown>)
      : undefined;
  const uptimeSeconds = count(data?.uptimeSeconds);
  const uptimePercent = count(data?.uptimePercent);
  return {
    values: {
      stocks: formatNumber(count(data?.stocks)),
      indices: formatNumber(count(data?.indices)),
      algorithms: formatNumber(count(data?.algorithms)),
    },
    uptime:
      uptimeSeconds !== undefined && uptimeSeconds >= UPTIME_MIN_SECONDS && uptimePercent !== undefined
        ? formatPercent(uptimePercent, 1)
        : null,
    unavailable: data === undefined,
  };
}
