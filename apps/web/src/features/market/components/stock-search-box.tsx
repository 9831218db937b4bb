import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { useMediaQuery } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';

/** Top-bar stock search. Blank text is ignored; for now it opens the stocks list with the text as its search. */
export function StockSearchBox({ className }: { className?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const wide = useMediaQuery('(min-width: 640px)');
  const [text, setText] = useState('');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = text.trim();
    if (!query) return;
    void navigate(`/stocks?search=${encodeURIComponent(query)}`);
  };

  return (
    <form role="search" onSubmit={onSubmit} className={cn('relative', className)}>
      <Search
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={wide ? t('topbar.search') : t('topbar.searchShort')}
        aria-label={t('topbar.searchLabel')}
        className="pl-9"
        enterKeyHint="search"
      />
    </form>
  );
}
