import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Hourglass } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The 'Yakında' panel for screens a later issue builds: never a blank page. */
export function ComingSoonPanel({
  title,
  text,
  children,
}: {
  title: string;
  text: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <Card>
        <CardContent className="flex flex-col items-center gap-4 px-6 py-14 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <Hourglass className="size-7" aria-hidden="true" />
          </span>
          <Badge variant="secondary" className="text-sm">
            {t('pages.comingSoon')}
          </Badge>
          <p className="max-w-md text-muted-foreground">{text}</p>
          {children}
        </CardContent>
      </Card>
    </div>
  );
}
