import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { bootFont } from './app/font';
import { bindRouter } from './app/navigation';
import { createAppRouter } from './app/routes';
import { installSession } from './app/session';
import { watchWhiteScreen } from './app/white-screen';
import './i18n';
import './ui/tokens.css';
import './styles/global.css';

bootFont();
const router = createAppRouter();
bindRouter(router);
installSession();

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
// index.html's first-screen shell is painted before React's first render (which replaces it), even
// when the scripts arrive before the browser's first frame: the render waits for that frame
// (requestAnimationFrame, then a task after it). A hidden page has no frames: it starts at once.
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start, 0));
else start();
