import { useState } from 'react';
import type { AdminAlgorithmList } from '@bist/contracts';
import { AI_ALGORITHM_GRID } from '@bist/contracts/values';
import { Button } from '@/components/ui/button';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { AlgorithmCard } from './algorithm-card';
import { AlgorithmDetail } from './algorithm-detail';

/** Cards for the first 12 algorithms; 'Load More' shows the rest. */
export function AlgorithmsTab({ data, canAct }: { data: AdminAlgorithmList; canAct: boolean }) {
  const { t } = useAdminTranslation();
  const [all, setAll] = useState(false);
  const [detailId, setDetailId] = useState<string | null>(null);
  const shown = all ? data.data : data.data.slice(0, AI_ALGORITHM_GRID);
  const remaining = data.data.length - shown.length;
  const detail = data.data.find((a) => a.algorithm_id === detailId) ?? null;
  return (
    <div className="space-y-4">
      {data.drift?.market_event ? (
        <div
          className="rounded-md border border-neutral/40 bg-neutral/10 p-3 text-sm"
          data-testid="market-event"
        >
          <p className="font-medium">{t('aiOps.marketEvent.title')}</p>
          <p className="text-muted-foreground">{data.drift.market_event.detail}</p>
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {shown.map((a) => (
          <AlgorithmCard
            key={a.algorithm_id}
            algorithm={a}
            canAct={canAct}
            onDetails={() => setDetailId(a.algorithm_id)}
          />
        ))}
      </div>
      {remaining > 0 ? (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => setAll(true)}>
            {t('aiOps.algorithms.loadMore', { count: remaining })}
          </Button>
        </div>
      ) : null}
      <AlgorithmDetail
        algorithm={detail}
        drift={data.drift}
        canAct={canAct}
        onClose={() => setDetailId(null)}
      />
    </div>
  );
}
