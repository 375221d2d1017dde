import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { installHistoryGuard } from './routes/history-guard';
import './styles.css';

const root = document.getElementById('root');
if (root === null) {
  throw new Error('index.html has no #root element');
}
// Before the router mounts: its popstate listener must come second (routes/history-guard.ts).
installHistoryGuard(window);
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
