import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { bootFont } from './app/font';
import { bindRouter } from './app/navigation';
import { createAppRouter } from './app/routes';
import { installSession } from './app/session';
import { watchWhiteScreen } from './app/white-screen';
import { installBridge } from './features/shell/bridge';
import { registerServiceWorker } from './features/shell/pwa';
import { i18nReady } from './i18n';
import './ui/tokens.css';
import './styles/global.css';

bootFont();
const router = createAppRouter();
bindRouter(router);
installSession();
installBridge(router);
registerServiceWorker();

const rootEl = document.getElementById('root');
const start = () => {
  if (!rootEl) return;
  createRoot(rootEl).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
  watchWhiteScreen(rootEl);
};
// A remembered language other than Chinese has its strings fetched first (i18n/index.ts: Chinese
// ships with the first screen, others are chunks): no first render in the wrong language.
// index.html's first-screen shell is painted before React's first render (which replaces it), even
// when the scripts arrive before the browser's first frame: the render waits for that frame
// (requestAnimationFrame, then a task after it). A hidden page has no frames: it starts at once.
void i18nReady.finally(() => {
  if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start, 0));
  else start();
});
