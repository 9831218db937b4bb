import { Suspense } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { addResources, i18n, setLanguage, type Strings } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';

afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('tr'));
});

function Greeting({ ns, fixed }: { ns: string; fixed?: 'en' }) {
  const { t, i18n: instance } = useTranslation(ns, fixed ? { lng: fixed } : undefined);
  return (
    <p data-testid={ns}>
      {t('hello', { name: 'Ada' })} ({instance.language})
    </p>
  );
}

describe('useTranslation', () => {
  it('re-renders its consumers in the new language once it has loaded', async () => {
    addResources('greet', {
      tr: { hello: 'Merhaba {{name}}' },
      en: () => Promise.resolve({ default: { hello: 'Hello {{name}}' } }),
    });
    render(<Greeting ns="greet" />);
    expect(screen.getByTestId('greet').textContent).toBe('Merhaba Ada (tr)');
    await act(async () => setLanguage('en'));
    await screen.findByText('Hello Ada (en)');
    await act(() => i18n.changeLanguage('tr'));
    expect(screen.getByTestId('greet').textContent).toBe('Merhaba Ada (tr)');
  });

  it('suspends while a namespace’s strings in the language are loading, never showing keys', async () => {
    await act(() => i18n.changeLanguage('en'));
    let arrive = (_: { default: Strings }) => {};
    addResources('late', {
      tr: { hello: 'Merhaba {{name}}' },
      en: () => new Promise((resolve) => (arrive = resolve)),
    });
    await act(async () => {
      render(
        <Suspense fallback={<p>loading</p>}>
          <Greeting ns="late" />
        </Suspense>,
      );
    });
    screen.getByText('loading');
    expect(screen.queryByTestId('late')).toBeNull();
    await act(async () => arrive({ default: { hello: 'Hello {{name}}' } }));
    await screen.findByText('Hello Ada (en)');
  });

  it('keeps a fixed language whatever the investor chose', () => {
    addResources(
      'staff',
      {
        en: { hello: 'Hi {{name}}' },
        tr: () => Promise.reject(new Error('never loaded')),
      },
      'en',
    );
    render(<Greeting ns="staff" fixed="en" />);
    expect(screen.getByTestId('staff').textContent).toBe('Hi Ada (tr)');
  });
});
