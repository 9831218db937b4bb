import { useTranslation } from '@/lib/use-translation';
import { toast } from '@/components/ui/toaster';
import { Briefcase, Plus, Sparkles, Wallet } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { useLoadDemo } from '@/features/portfolio/api/load-demo';
import '@/features/portfolio/i18n';

/** A portfolio with nothing recorded: what to do first, and the labelled demo for a look around. */
export function PortfolioEmptyState({ onDeposit, onBuy }: { onDeposit: () => void; onBuy: () => void }) {
  const { t } = useTranslation('portfolio');
  const demo = useLoadDemo();
  return (
    <Card data-testid="portfolio-empty">
      <CardContent className="flex flex-col items-center gap-4 py-10 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
          <Briefcase className="size-6" aria-hidden />
        </span>
        <div className="grid max-w-lg gap-1">
          <h2 className="text-lg font-semibold">{t('empty.title')}</h2>
          <p className="text-sm text-muted-foreground">{t('empty.text')}</p>
        </div>
        <div className="flex flex-wrap justify-center gap-2">
          <Button onClick={onDeposit}>
            <Wallet /> {t('empty.deposit')}
          </Button>
          <Button variant="outline" onClick={onBuy}>
            <Plus /> {t('actions.add')}
          </Button>
          <Button
            variant="outline"
            disabled={demo.isPending}
            onClick={() =>
              demo.mutate(undefined, {
                onSuccess: () => toast.success(t('demo.loaded')),
                onError: (e) => toast.error(isApiError(e) ? e.displayMessage : t('common.failed')),
              })
            }
          >
            {demo.isPending ? <Spinner className="size-4 text-current" /> : <Sparkles />}
            {t('demo.load')}
          </Button>
        </div>
        <p className="max-w-lg text-xs text-muted-foreground">{t('demo.loadHint')}</p>
      </CardContent>
    </Card>
  );
}
