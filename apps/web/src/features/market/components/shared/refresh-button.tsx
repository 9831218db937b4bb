import { useTranslation } from '@/lib/use-translation';
import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import '@/features/market/i18n';

export function RefreshButton({ onClick, spinning }: { onClick: () => void; spinning: boolean }) {
  const { t } = useTranslation('market');
  return (
    <Button variant="outline" onClick={onClick} disabled={spinning} data-testid="refresh">
      <RefreshCw className={cn(spinning && 'animate-spin')} aria-hidden="true" />
      {t('common.refresh')}
    </Button>
  );
}
