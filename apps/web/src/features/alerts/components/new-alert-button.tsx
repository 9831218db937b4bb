import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { BellPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { AlertFormDialog } from './lazy-alert-form-dialog';
import '@/features/alerts/i18n';

/** 'Alarm Kur': opens the alert form with no stock chosen yet. */
export function NewAlertButton() {
  const { t } = useTranslation('alerts');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <BellPlus /> {t('openForm')}
      </Button>
      <AlertFormDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
