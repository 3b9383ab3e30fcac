import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { lazyPage } from '../../app/chunk-reload';
import { isLoggedIn, isPending, useLoginStatus } from '../../app/login-store';
import { startLogin } from '../../app/session';
import { Logo } from '../../ui/Logo';
import { UserOutline } from 'antd-mobile-icons';
import { ChatInputBar } from './ChatInputBar';
import { Greeting } from './Greeting';

const EXAMPLES = ['home.ex1', 'home.ex2', 'home.ex3', 'home.ex4'] as const;

/** Whom the consultation is about, with the change-role popup: its own chunk, loaded once logged in. */
const RoleChip = lazyPage(() => import('../family/RoleChip'));

/** The chat tab of the home shell: greeting, what the assistant can do, example questions, the input bar. */
export function ChatTab() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const status = useLoginStatus();
  const loggedIn = isLoggedIn(status);
  const [draft, setDraft] = useState('');

  const pick = (text: string) => {
    if (!loggedIn) return startLogin();
    setDraft(text);
  };

  return (
    <section className="chat-home" data-testid="chat-home" aria-labelledby="chat-home-title">
      <header className="home-bar">
        <Logo size={30} />
        <div className="home-bar__titles">
          <span className="home-bar__title" id="chat-home-title">
            {t('home.title')}
          </span>
          <span className="home-bar__sub">{t('app.slogan')}</span>
        </div>
        {loggedIn ? (
          <Suspense fallback={null}>
            <RoleChip />
          </Suspense>
        ) : null}
        <button type="button" className="icon-btn home-bar__me" aria-label={t('home.profile')} onClick={() => (loggedIn ? void navigate('/user') : startLogin())} data-testid="home-profile">
          <UserOutline aria-hidden />
        </button>
      </header>
      <div className="chat-home__scroll">
        <div className="hero">
          {isPending(status) ? (
            <div className="hero__skeleton" aria-hidden>
              <div className="skeleton" style={{ width: '70%', height: 28 }} />
              <div className="skeleton" style={{ width: '92%', height: 16, marginTop: 14 }} />
              <div className="skeleton" style={{ width: '80%', height: 16, marginTop: 8 }} />
            </div>
          ) : (
            <>
              {loggedIn ? (
                <Greeting />
              ) : (
                <h1 className="hero__greeting" data-testid="guest-title">
                  {t('home.guestTitle')}
                </h1>
              )}
              <p className="hero__intro" data-testid="assistant-intro">
                {t('home.intro')}
              </p>
            </>
          )}
        </div>
        <div className="examples">
          <h2 className="examples__title">{t('home.examplesTitle')}</h2>
          <ul className="examples__list">
            {EXAMPLES.map((key, i) => (
              <li key={key}>
                <button type="button" className="examples__chip" onClick={() => pick(t(key))} data-testid={`example-question-${i}`}>
                  {t(key)}
                </button>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="chat-home__input">
        {/* The chat itself is wired by the chat feature: pass onSend here. */}
        <ChatInputBar locked={!loggedIn} value={draft} onChange={setDraft} onLockedTap={startLogin} />
        <p className="chat-home__disclaimer">{t('home.disclaimer')}</p>
      </div>
    </section>
  );
}
