import { marketSourceSentence, type SourceSentenceTexts } from '@/lib/market-source';
import { useMarketSource } from '@/lib/use-market-source';
import { useTranslation } from '@/lib/use-translation';

/**
 * The one line of the landing page that depends on the running feed: 'Piyasa verileri Yahoo Finance üzerinden,
 * borsanın 15 dakika gerisinden gelir.' or that this server shows a simulation. Hidden until the server has said
 * (and when it does not): the page's other words hold for any feed. The prerendered page carries the texts in
 * data-* attributes for its script (landing-static.ts), which fills the same element without React.
 */
export function LandingSource() {
  const { t } = useTranslation();
  const texts: SourceSentenceTexts = {
    real: t('landing.hero.source.real'),
    realNoDelay: t('landing.hero.source.realNoDelay'),
    simulated: t('landing.hero.source.simulated'),
  };
  const { data } = useMarketSource();
  const sentence = marketSourceSentence(data, texts);
  return (
    <p
      className="mt-4 max-w-2xl text-sm text-muted-foreground text-pretty"
      data-testid="landing-source"
      data-landing-source=""
      data-real={texts.real}
      data-real-no-delay={texts.realNoDelay}
      data-simulated={texts.simulated}
      hidden={sentence === null}
    >
      {sentence}
    </p>
  );
}
