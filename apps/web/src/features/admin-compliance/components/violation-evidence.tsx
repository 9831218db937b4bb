import type { Violation } from '@bist/contracts';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { evidenceFigure, when } from '@/features/admin-compliance/lib/format';

/** The figures that crossed the threshold, the bars or events behind them, and the violation's history. */
export function ViolationEvidence({ violation }: { violation: Violation }) {
  const { t } = useAdminTranslation();
  const { figures, bars, events } = violation.evidence;
  return (
    <div className="space-y-3 text-sm" data-testid="violation-evidence">
      <div>
        <div className="font-medium">{t('compliance.violation.evidence')}</div>
        <dl className="mt-1 grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-2">
          {Object.entries(figures).map(([key, value]) => (
            <div key={key} className="flex justify-between gap-3 border-b border-dashed py-0.5">
              <dt className="text-muted-foreground">{key.replaceAll('_', ' ')}</dt>
              <dd className="font-mono tabular-nums">{evidenceFigure(key, value)}</dd>
            </div>
          ))}
        </dl>
      </div>
      {bars && bars.length > 0 ? (
        <div className="overflow-x-auto">
          <div className="font-medium">{t('compliance.violation.bars')}</div>
          <table className="mt-1 w-full text-xs tabular-nums">
            <thead className="text-muted-foreground">
              <tr>
                {(['at', 'open', 'high', 'low', 'close', 'volume'] as const).map((c) => (
                  <th key={c} className="px-1 text-left font-normal">
                    {t(`compliance.barColumns.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {bars.map((bar) => (
                <tr key={bar.at}>
                  <td className="px-1">{bar.at.length > 10 ? when(bar.at) : bar.at}</td>
                  <td className="px-1">{bar.openTry}</td>
                  <td className="px-1">{bar.highTry}</td>
                  <td className="px-1">{bar.lowTry}</td>
                  <td className="px-1">{bar.closeTry}</td>
                  <td className="px-1">{bar.volumeShares.toLocaleString('en-GB')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {events && events.length > 0 ? (
        <div>
          <div className="font-medium">{t('compliance.violation.events')}</div>
          <ul className="mt-1 space-y-0.5 font-mono text-xs">
            {events.map((event, i) => (
              <li key={i} className="break-all">
                {Object.entries(event)
                  .filter(([, v]) => v !== null && v !== undefined)
                  .map(([k, v]) => `${k}=${String(v)}`)
                  .join('  ')}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {violation.history.length > 0 ? (
        <div>
          <div className="font-medium">{t('compliance.violation.history')}</div>
          <ul className="mt-1 space-y-0.5 text-xs" data-testid="violation-history">
            {violation.history.map((h) => (
              <li key={h.at + h.to_status}>
                {t('compliance.violation.historyEntry', {
                  time: when(h.at),
                  by: h.by,
                  from: h.from_status ?? '—',
                  to: h.to_status,
                })}
                {h.notes ? ` — ${h.notes}` : ''}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
