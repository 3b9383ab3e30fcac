import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18n } from '../i18n';

afterEach(() => cleanup());

/** Renders inside a router and the app's i18n (zh-CN), as the app does. */
export function renderUi(ui: ReactElement): RenderResult {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>{children}</MemoryRouter>
    </I18nextProvider>
  );
  return render(ui, { wrapper });
}
