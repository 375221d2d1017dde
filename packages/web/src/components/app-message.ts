import type { App } from 'antd';
import { createContext } from 'react';

type MessageApi = ReturnType<typeof App.useApp>['message'];

/**
 * antd App's message API for the session provider, which sits above the pages: null while antd's App is
 * not mounted (a visitor's landing page, issue 8). A plain context, so reading it does not load antd's App.
 */
export const AppMessageContext = createContext<MessageApi | null>(null);
