import { BrowserRouter } from 'react-router';
import { AppProviders } from './providers/app-providers';
import { SessionProvider } from './providers/session-provider';
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
