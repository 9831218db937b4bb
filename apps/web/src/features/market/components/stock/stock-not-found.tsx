import { useTranslation } from '@/lib/use-translation';
import { Link } from 'react-router';
import { ArrowLeft, SearchX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import '@/features/market/i18n';

/** A symbol Borsa İstanbul does not list: says so and leads back to the stocks list. */
export function StockNotFound({ symbol }: { symbol: string }) {
  const { t } = useTranslation('market');
  return (
    <Card className="mx-auto max-w-lg" data-testid="stock-not-found">
      <CardContent className="flex flex-col items-center gap-4 px-6 py-14 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-muted">
          <SearchX className="size-7 text-muted-foreground" aria-hidden="true" />
        </span>
        <h1 className="text-xl font-semibold">{t('errors.notFound')}</h1>
        <p className="text-muted-foreground">{t('errors.notFoundText', { symbol })}</p>
        <Button asChild variant="outline">
          <Link to="/stocks">
            <ArrowLeft aria-hidden="true" />
            {t('errors.backToStocks')}
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
