import { useTranslation } from '@/lib/use-translation';
import { Link } from 'react-router';
import { ArrowRight, BarChart3, Brain, ShieldCheck, Sparkles, Zap, type LucideIcon } from 'lucide-react';
import { Logo } from '@/components/logo';
import { ThemeToggle } from '@/components/theme-toggle';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LandingSource } from './landing-source';
import { LandingStats } from './landing-stats';

const FEATURES: { key: string; icon: LucideIcon }[] = [
  { key: 'market', icon: BarChart3 },
  { key: 'ai', icon: Brain },
  { key: 'secure', icon: ShieldCheck },
  { key: 'fast', icon: Zap },
];

/** Public landing page: nav, hero, stats, four feature cards, call to action, footer. */
export function LandingPage() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  useDocumentTitle(t('app.tagline'));

  return (
    <div className="min-h-dvh bg-background">
      <header className="sticky top-0 z-30 border-b bg-background/90 backdrop-blur">
        <nav
          className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6"
          aria-label="BIST AI"
        >
          <Link to="/" aria-label="BIST AI">
            <Logo />
          </Link>
          <div className="hidden items-center gap-6 text-sm text-muted-foreground md:flex">
            <a href="#ozellikler" className="hover:text-foreground">
              {t('landing.nav.features')}
            </a>
            <a href="#istatistikler" className="hover:text-foreground">
              {t('landing.nav.stats')}
            </a>
          </div>
          <div className="flex items-center gap-1 sm:gap-2">
            <ThemeToggle toLight={t('common.toLight')} toDark={t('common.toDark')} />
            <Button variant="ghost" asChild className="hidden sm:inline-flex">
              <Link to="/login">{t('landing.nav.login')}</Link>
            </Button>
            <Button asChild>
              <Link to="/register">{t('landing.nav.start')}</Link>
            </Button>
          </div>
        </nav>
      </header>

      <main>
        <section className="relative overflow-hidden border-b">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top,var(--color-accent),transparent_65%)]"
          />
          <div className="relative mx-auto flex max-w-4xl flex-col items-center px-4 py-20 text-center sm:px-6 sm:py-28">
            <span className="mb-6 inline-flex items-center gap-2 rounded-full border bg-card px-3 py-1 text-sm text-muted-foreground shadow-sm">
              <Sparkles className="size-4 text-primary" aria-hidden="true" />
              {t('landing.hero.badge')}
            </span>
            <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
              {t('landing.hero.title')}
            </h1>
            <p className="mt-6 max-w-2xl text-lg text-muted-foreground text-pretty">
              {t('landing.hero.subtitle')}
            </p>
            <LandingSource />
            <div className="mt-10 flex flex-col gap-3 sm:flex-row">
              <Button size="lg" asChild>
                <Link to="/register">
                  {t('landing.hero.primary')}
                  <ArrowRight />
                </Link>
              </Button>
              <Button size="lg" variant="outline" asChild>
                <a href="#ozellikler">{t('landing.hero.secondary')}</a>
              </Button>
            </div>
          </div>
        </section>

        <section id="istatistikler" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-16 sm:px-6">
          <div className="mb-8 text-center">
            <h2 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('landing.stats.title')}</h2>
            <p className="mt-2 text-muted-foreground">{t('landing.stats.subtitle')}</p>
          </div>
          <LandingStats />
        </section>

        <section id="ozellikler" className="scroll-mt-20 border-y bg-muted/40">
          <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
            <div className="mb-10 text-center">
              <h2 className="text-2xl font-semibold tracking-tight sm:text-3xl">
                {t('landing.features.title')}
              </h2>
              <p className="mt-2 text-muted-foreground">{t('landing.features.subtitle')}</p>
            </div>
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {FEATURES.map(({ key, icon: Icon }) => (
                <Card key={key} className="h-full">
                  <CardHeader>
                    <span className="mb-2 flex size-11 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                      <Icon className="size-6" aria-hidden="true" />
                    </span>
                    <CardTitle as="h3">{t(`landing.features.${key}.title`)}</CardTitle>
                  </CardHeader>
                  <CardContent>
                    <CardDescription className="leading-relaxed">
                      {t(`landing.features.${key}.description`)}
                    </CardDescription>
                  </CardContent>
                </Card>
              ))}
            </div>
          </div>
        </section>

        <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <div className="rounded-2xl bg-primary px-6 py-12 text-center text-primary-foreground shadow-lg sm:px-12">
            <h2 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('landing.cta.title')}</h2>
            <p className="mx-auto mt-3 max-w-xl opacity-90">{t('landing.cta.subtitle')}</p>
            <Button size="lg" variant="secondary" className="mt-8" asChild>
              <Link to="/register">
                {t('landing.cta.button')}
                <ArrowRight />
              </Link>
            </Button>
          </div>
        </section>
      </main>

      <footer className="border-t">
        <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-start md:justify-between">
          <div className="space-y-2">
            <Logo />
            <p className="max-w-xs text-sm text-muted-foreground">{t('app.tagline')}</p>
          </div>
          <div className="space-y-2 text-sm">
            <p className="font-medium">{t('landing.footer.product')}</p>
            <ul className="space-y-1 text-muted-foreground">
              <li>
                <Link to="/login" className="hover:text-foreground">
                  {t('landing.nav.login')}
                </Link>
              </li>
              <li>
                <Link to="/register" className="hover:text-foreground">
                  {t('landing.nav.start')}
                </Link>
              </li>
              <li>
                <a href="#ozellikler" className="hover:text-foreground">
                  {t('landing.nav.features')}
                </a>
              </li>
              <li>
                <a href="/docs" className="hover:text-foreground">
                  {t('landing.footer.apiDocs')}
                </a>
              </li>
            </ul>
          </div>
        </div>
        <div className="border-t">
          <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-4 text-xs text-muted-foreground sm:flex-row sm:justify-between sm:px-6">
            <span>{t('app.footer', { year })}</span>
            <span>{t('app.disclaimer')}</span>
          </div>
        </div>
      </footer>
    </div>
  );
}
