import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { bootFont } from './app/font';
import { bindRouter } from './app/navigation';
import { createAppRouter } from './app/routes';
import { installSession } from './app/session';
import { watchWhiteScreen } from './app/white-screen';
import './i18n';
import './styles/global.css';

bootFont();
const router = createAppRouter();
bindRouter(router);
installSession();

const rootEl = document.getElementById('root');
if (rootEl) {
  createRoot(rootEl).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
  watchWhiteScreen(rootEl);
}
