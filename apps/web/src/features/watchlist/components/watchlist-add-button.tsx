import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Eye } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { AddToWatchlistDialog } from './add-to-watchlist-dialog';
import '@/features/watchlist/i18n';

/** 'İzlemeye Ekle': opens the dialog that adds a stock of the investor's choice to the watchlist. */
export function WatchlistAddButton() {
  const { t } = useTranslation('watchlist');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Eye /> {t('openAdd')}
      </Button>
      <AddToWatchlistDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
