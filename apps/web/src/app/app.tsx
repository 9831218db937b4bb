import { BrowserRouter } from 'react-router';
import { AppProviders } from '@/app/providers/app-providers';
import { SessionProvider } from '@/app/providers/session-provider';
import { AppRoutes } from './router';

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <SessionProvider>
          <AppRoutes />
        </SessionProvider>
      </BrowserRouter>
    </AppProviders>
  );
}
