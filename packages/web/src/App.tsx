import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { AuthProvider } from './auth/AuthProvider';
import { OemStyle } from './components/OemStyle';
import { ALERT_RESET_MS } from './messages';
import { createQueryClient } from './query-client';
import { AppRoutes } from './routes/AppRoutes';
import { theme } from './theme';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <ConfigProvider theme={theme}>
      {/* Toasts close with the alerts of A section 9. */}
      <AntApp message={{ duration: ALERT_RESET_MS / 1000 }}>
        <QueryClientProvider client={queryClient}>
          <OemStyle />
          <BrowserRouter>
            <AuthProvider>
              <AppRoutes />
            </AuthProvider>
          </BrowserRouter>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
