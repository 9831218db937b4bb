import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { BellPlus } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { AlertFormDialog } from './lazy-alert-form-dialog';
import '@/features/alerts/i18n';

/** For the stock page: opens the alert form with the symbol filled in. */
export function PriceAlertButton({
  symbol,
  size = 'sm',
  className,
}: {
  symbol: string;
  size?: ButtonProps['size'];
  className?: string;
}) {
  const { t } = useTranslation('alerts');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        size={size}
        className={className}
        onClick={() => setOpen(true)}
        data-testid="price-alert-button"
      >
        <BellPlus /> {t('setAlert')}
      </Button>
      <AlertFormDialog open={open} onOpenChange={setOpen} symbol={symbol} />
    </>
  );
}
