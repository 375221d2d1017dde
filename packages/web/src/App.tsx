import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { BrowserRouter, useLocation } from 'react-router';
import { AuthProvider } from './auth/AuthProvider';
import { sessionStore } from './auth/session-storage';
import { OemStyle } from './components/OemStyle';
import { PageSpinner } from './components/PageSpinner';
import { createQueryClient } from './query-client';
import { AppRoutes } from './routes/AppRoutes';
import { PATHS } from './routes/paths';
import { theme } from './theme';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <ConfigProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <OemStyle />
        <BrowserRouter>
          <AntAppWhenNeeded>
            <AuthProvider>
              <AppRoutes />
            </AuthProvider>
          </AntAppWhenNeeded>
        </BrowserRouter>
      </QueryClientProvider>
    </ConfigProvider>
  );
}

type Frame = ComponentType<{ children: ReactNode }>;

/**
 * antd's App (modal, message, notification: about 35 kB gzipped with what it pulls) for every page but
 * the landing page of a visitor, which uses none of them and must stay under 250 kB (issue 8). It loads
 * once the first page has rendered; leaving the landing page or signing in mounts it for good, which
 * remounts the session provider below it: the session lives in storage and the query cache, so nothing
 * is lost.
 */
function AntAppWhenNeeded({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [wasNeeded, setWasNeeded] = useState(() => sessionStore.getToken() !== null);
  const [AntAppFrame, setAntAppFrame] = useState<Frame | null>(null);
  const isNeeded = wasNeeded || pathname !== PATHS.home;

  useEffect(() => {
    void import('./components/AntAppFrame').then((module) => setAntAppFrame(() => module.AntAppFrame));
  }, []);
  useEffect(() => {
    if (isNeeded) {
      setWasNeeded(true);
    }
  }, [isNeeded]);

  if (!isNeeded) {
    return children;
  }
  if (AntAppFrame === null) {
    return <PageSpinner isFullScreen />;
  }
  return <AntAppFrame>{children}</AntAppFrame>;
}
