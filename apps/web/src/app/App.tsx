import { RouterProvider } from 'react-router/dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { ConfigProvider } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { i18n } from '../i18n';
import { queryClient } from './query-client';
import type { AppRouter } from './navigation';

function Localised({ router }: { router: AppRouter }) {
  const { i18n: inst } = useTranslation();
  return (
    <ConfigProvider locale={inst.language.startsWith('zh') ? zhCN : enUS}>
      <RouterProvider router={router} />
    </ConfigProvider>
  );
}

/** Providers: server state (TanStack Query), i18n, antd-mobile's locale, and the hash router. */
export function App({ router }: { router: AppRouter }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <Localised router={router} />
      </I18nextProvider>
    </QueryClientProvider>
  );
}
