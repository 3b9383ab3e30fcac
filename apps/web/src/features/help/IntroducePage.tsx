import { useNavigate } from 'react-router';
import { Logo } from '../../ui/Logo';
import { Page } from '../../ui/Page';
import { helpContent } from './content';
import css from './help.module.css';

/** /introduce — what the assistant is and does, its limits, and a way to start. */
export default function IntroducePage() {
  const c = helpContent().introduce;
  const navigate = useNavigate();
  return (
    <Page
      title={c.title}
      testId="introduce-page"
      backTo="/"
      footer={
        <button type="button" className="btn" onClick={() => void navigate('/')} data-testid="introduce-start">
          {c.start}
        </button>
      }
    >
      <div className={css.hero}>
        <Logo size={72} />
        <p className={css.lead}>{c.lead}</p>
        <p className={css.body}>{c.body}</p>
      </div>
      <div className={css.cards}>
        {c.features.map(([title, text]) => (
          <section key={title} className={css.card}>
            <span className={css.cardIcon} aria-hidden>
              {title.slice(0, 1)}
            </span>
            <h3>{title}</h3>
            <p>{text}</p>
          </section>
        ))}
      </div>
      <p className={css.safety} role="note">
        {c.safety}
      </p>
    </Page>
  );
}
