import { Link } from 'react-router';
import { Hourglass } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { PageHeader } from '@/components/page-header';
import '@/features/admin/i18n';

/** Admin screens that are not built yet: a clear 'Coming soon' panel, never a blank page. */
export function AdminComingSoon({ title, text }: { title: string; text: string }) {
  const { t } = useAdminTranslation();
  useDocumentTitle(title);
  return (
    <div className="space-y-6">
      <PageHeader title={title} />
      <Card data-testid="admin-coming-soon">
        <CardContent className="flex flex-col items-center gap-4 px-6 py-14 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <Hourglass className="size-7" aria-hidden="true" />
          </span>
          <Badge variant="secondary" className="text-sm">
            {t('comingSoon.badge')}
          </Badge>
          <p className="max-w-md text-muted-foreground">{text}</p>
          <Button asChild variant="outline">
            <Link to="/admin/dashboard">{t('accessDenied.back')}</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
