import { Link } from 'react-router';
import { Sparkles } from 'lucide-react';
import { useTranslation } from '@/lib/use-translation';

/** Where the anchor of the plans on Hesap Ayarları leads. */
export const PLANS_PATH = '/settings#abonelik';

/**
 * A plan limit refused what the investor asked (the server's words name the plan that allows it), with the way to
 * the plans on Hesap Ayarları. Shared by the features a plan limits: alerts, watchlist, the ledger's CSV export.
 */
export function PlanRequiredNotice({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      data-testid="plan-required"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-primary/40 bg-accent px-3 py-2 text-sm text-accent-foreground"
    >
      <Sparkles className="size-4 shrink-0 text-primary" aria-hidden="true" />
      <span className="flex-1">{message}</span>
      <Link
        to={PLANS_PATH}
        className="inline-flex min-h-11 items-center font-medium text-primary underline-offset-4 hover:underline"
      >
        {t('common.seePlans')}
      </Link>
    </div>
  );
}
