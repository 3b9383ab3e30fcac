import { QuestionCircleOutline, ExclamationCircleOutline, InformationCircleOutline, SetOutline, MessageOutline } from 'antd-mobile-icons';
import { Cell, CellGroup } from '../../ui/Cell';
import { Page } from '../../ui/Page';
import { helpContent } from './content';
import css from './help.module.css';

/** /help — the help centre: common questions, then the guides, settings, feedback and about. */
export default function HelpPage() {
  const c = helpContent().help;
  return (
    <Page title={c.title} testId="help-page" backTo="/user">
      <h2 className={css.sectionTitle}>{c.faqTitle}</h2>
      <div className={css.faq} data-testid="help-faq">
        {c.faq.map(([q, a]) => (
          <details key={q}>
            <summary>{q}</summary>
            <p>{a}</p>
          </details>
        ))}
      </div>
      <CellGroup title={c.more}>
        <Cell icon={<QuestionCircleOutline />} title={c.useHelp} to="/user/usehelp" testId="help-usehelp" />
        <Cell icon={<InformationCircleOutline />} title={c.introduce} to="/introduce" testId="help-introduce" />
        <Cell icon={<SetOutline />} title={c.assist} to="/user/assit" testId="help-assit" />
        <Cell icon={<MessageOutline />} title={c.feedback} to="/user/feedback" testId="help-feedback" />
        <Cell icon={<ExclamationCircleOutline />} title={c.about} to="/user/about" testId="help-about" />
      </CellGroup>
    </Page>
  );
}
