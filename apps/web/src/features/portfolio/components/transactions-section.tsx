import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { toast } from '@/components/ui/toaster';
import { Download, Upload } from 'lucide-react';
import type { PortfolioTransaction } from '@bist/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { isApiError } from '@/lib/api-client';
import { useExportCsv } from '@/features/portfolio/api/export-csv';
import { useTransactions } from '@/features/portfolio/api/get-transactions';
import { PlanRequiredNotice } from '@/components/plan-required-notice';
import { CsvImportDialog } from './csv-import-dialog';
import { TransactionsTable } from './transactions-table';
import '@/features/portfolio/i18n';

/** The ledger, a page at a time ('Daha fazla'), with CSV export and import. */
export function TransactionsSection({ onEdit }: { onEdit: (transaction: PortfolioTransaction) => void }) {
  const { t } = useTranslation('portfolio');
  const query = useTransactions();
  const exportCsv = useExportCsv();
  const [importing, setImporting] = useState(false);
  // A plan without CSV export: the server's words (naming the plan that has it) and the way to the plans.
  const [planRefusal, setPlanRefusal] = useState<string | null>(null);
  return (
    <Card data-testid="transactions-section">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>{t('tx.title')}</CardTitle>
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={exportCsv.isPending}
            onClick={() =>
              exportCsv.mutate(undefined, {
                onSuccess: () => setPlanRefusal(null),
                onError: (e) => {
                  if (isApiError(e) && e.requiredPlan) setPlanRefusal(e.displayMessage);
                  else toast.error(isApiError(e) ? e.displayMessage : t('common.failed'));
                },
              })
            }
          >
            <Download /> {t('csv.export')}
          </Button>
          <Button variant="outline" size="sm" onClick={() => setImporting(true)}>
            <Upload /> {t('csv.import')}
          </Button>
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        {planRefusal ? <PlanRequiredNotice message={planRefusal} /> : null}
        {query.isError ? (
          <p role="alert" className="text-sm text-down">
            {t('history.failed')}
          </p>
        ) : (
          <TransactionsTable
            transactions={query.transactions}
            loading={query.isPending}
            onEdit={onEdit}
            pages={{
              total: query.total,
              hasMore: query.hasNextPage,
              loadingMore: query.isFetchingNextPage,
              onMore: () => void query.fetchNextPage(),
            }}
          />
        )}
      </CardContent>
      <CsvImportDialog open={importing} onOpenChange={setImporting} />
    </Card>
  );
}
