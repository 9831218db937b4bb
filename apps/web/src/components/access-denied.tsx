import { Link } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The admin panel's 'Access Denied' view, with the screen's own sentence and a way back to the dashboard. */
export function AccessDenied({ message }: { message: string }) {
  const { t } = useAdminTranslation();
  useDocumentTitle(t('accessDenied.title'));
  return (
    <Card className="mx-auto max-w-lg" data-testid="access-denied">
      <CardContent className="flex flex-col items-center gap-4 px-6 py-12 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <ShieldAlert className="size-7" aria-hidden="true" />
        </span>
        <h1 className="text-xl font-semibold">{t('accessDenied.title')}</h1>
        <p className="text-muted-foreground">{message}</p>
        <Button asChild variant="outline">
          <Link to="/admin/dashboard">{t('accessDenied.back')}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
