import { useEffect, useState } from 'react';
import { isStandalone } from '../shell/bridge';
import { Page } from '../../ui/Page';
import { helpContent } from './content';
import css from './help.module.css';

interface InstallPrompt extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** /user/usehelp — step-by-step use of the app, with 安装到主屏幕 where the browser offers it. */
export default function UseHelpPage() {
  const c = helpContent().useHelp;
  const [install, setInstall] = useState<InstallPrompt | null>(null);
  const [installed, setInstalled] = useState(isStandalone());
  useEffect(() => {
    const onPrompt = (e: Event) => {
      e.preventDefault();
      setInstall(e as InstallPrompt);
    };
    const onInstalled = () => setInstalled(true);
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);
  return (
    <Page
      title={c.title}
      testId="usehelp-page"
      backTo="/help"
      footer={
        install || installed ? (
            <button
              type="button"
              className="btn"
              disabled={installed}
              onClick={() => {
                void install?.prompt();
                void install?.userChoice.then((r) => r.outcome === 'accepted' && setInstalled(true));
              }}
              data-testid="usehelp-install"
            >
              {installed ? c.installed : c.install}
            </button>
        ) : undefined
      }
    >
      <ol className={css.steps}>
        {c.steps.map(([title, text]) => (
          <li key={title}>
            <h3>{title}</h3>
            <p>{text}</p>
          </li>
        ))}
      </ol>
    </Page>
  );
}
