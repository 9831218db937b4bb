import { Link, useLocation } from 'react-router';
import { Archive, CheckCircle2, Trash2 } from 'lucide-react';
import type { Infer, kvkkErasureResponseSchema } from '@bist/contracts';
import { Logo } from '@/components/logo';
import { ThemeToggle } from '@/components/theme-toggle';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useTranslation } from '@/lib/use-translation';
import '@/features/privacy/i18n';

type Erasure = Pick<Infer<typeof kvkkErasureResponseSchema>, 'reference' | 'retained'>;

/** Where the investor lands after 'Hesabımı sil'. */
export const ERASURE_DONE_PATH = '/hesap-silindi';
/** The answer is kept for this tab only, so a reload of the page still shows it (no account is left to ask). */
const STORE_KEY = 'kvkk_erasure';

export function rememberErasure(erasure: Erasure): void {
  try {
    window.sessionStorage.setItem(STORE_KEY, JSON.stringify(erasure));
  } catch {
    // Without session storage the page still gets the answer through the navigation's state.
  }
}

function storedErasure(): Erasure | null {
  try {
    const raw = window.sessionStorage.getItem(STORE_KEY);
    return raw ? (JSON.parse(raw) as Erasure) : null;
  } catch {
    return null;
  }
}

const KEPT = ['transactions', 'payments', 'subscription_events'] as const;

/**
 * /hesap-silindi: the erasure's confirmation — the request's reference, what was deleted, and what the law keeps
 * (the ledger, payments and subscription events, moved to a random id with no mapping) and why.
 */
export function ErasureDonePage() {
  const { t } = useTranslation('privacy');
  const { t: tCommon } = useTranslation();
  useDocumentTitle(t('erased.title'));
  const state = useLocation().state as { erasure?: Erasure } | null;
  const erasure = state?.erasure ?? storedErasure();
  const kept = erasure ? KEPT.filter((key) => erasure.retained[key] > 0) : [];

  return (
    <main className="relative flex min-h-dvh flex-col items-center bg-background px-4 py-10 sm:justify-center">
      <div className="absolute right-4 top-4">
        <ThemeToggle toLight={tCommon('common.toLight')} toDark={tCommon('common.toDark')} />
      </div>
      <Logo className="mb-8 scale-110" />
      <Card className="w-full max-w-2xl" data-testid="erasure-done">
        <CardHeader>
          <CardTitle as="h1" className="flex items-center gap-2 text-2xl">
            <CheckCircle2 className="size-6 text-up" aria-hidden="true" />
            {t('erased.title')}
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-6 text-sm">
          {!erasure ? (
            <p>{t('erased.missing')}</p>
          ) : (
            <>
              <section className="rounded-lg border bg-muted/40 p-4">
                <h2 className="text-muted-foreground">{t('erased.reference')}</h2>
                <p
                  className="mt-1 font-mono text-xl font-semibold tracking-wide"
                  data-testid="erasure-reference"
                >
                  {erasure.reference}
                </p>
                <p className="mt-2 text-muted-foreground">{t('erased.referenceText')}</p>
              </section>
              <section className="space-y-1">
                <h2 className="flex items-center gap-2 font-semibold">
                  <Trash2 className="size-4" aria-hidden="true" />
                  {t('erased.deletedTitle')}
                </h2>
                <p className="text-muted-foreground">{t('erased.deleted')}</p>
              </section>
              <section className="space-y-2" data-testid="erasure-kept">
                <h2 className="flex items-center gap-2 font-semibold">
                  <Archive className="size-4" aria-hidden="true" />
                  {t('erased.keptTitle')}
                </h2>
                {kept.length === 0 ? (
                  <p className="text-muted-foreground">{t('erased.nothingKept')}</p>
                ) : (
                  <>
                    <ul className="space-y-2">
                      {kept.map((key) => (
                        <li key={key} className="rounded-md border p-3">
                          <p className="font-medium">
                            {t(`erased.kept.${key}`, { n: erasure.retained[key] })}
                          </p>
                          <p className="text-muted-foreground">{t(`erased.kept.${key}Why`)}</p>
                        </li>
                      ))}
                    </ul>
                    <p className="text-muted-foreground">{t('erased.keptText')}</p>
                  </>
                )}
              </section>
              <p>{t('erased.newAccount')}</p>
            </>
          )}
          <Button asChild variant="outline">
            <Link to="/">{t('erased.home')}</Link>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
