import { useEffect } from 'react';

const APP_NAME = 'BIST AI';

/** Sets the tab title to '<page> · BIST AI' (or just the app name) while the page is shown. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
