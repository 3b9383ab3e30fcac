import { useTranslation } from 'react-i18next';
import { Page } from '../../ui/Page';
import { Empty, Loading, LoadFailed } from '../../ui/States';
import { cx } from '../../ui/cx';
import '../../i18n/message';
import { messageTime } from './MessagePage';
import { useFeedbackLog } from './queries';
import s from './message.module.css';

/** /user/feedback/log and /user/about/log — the caller's suggestions or complaints with the replies (opening reads them). */
export default function FeedbackLogPage({ kind }: { kind: 'suggestion' | 'complaint' }) {
  const { t } = useTranslation();
  const q = useFeedbackLog(kind);
  return (
    <Page title={t(kind === 'suggestion' ? 'feedback.logTitle' : 'feedback.reportLogTitle')} testId={kind === 'suggestion' ? 'feedback-log-page' : 'report-log-page'} backTo="/user/message">
      {q.isPending ? <Loading /> : q.isError ? <LoadFailed onRetry={() => void q.refetch()} /> : q.data.list.length === 0 ? (
        <Empty title={t(kind === 'suggestion' ? 'feedback.logEmpty' : 'feedback.reportLogEmpty')} testId="feedback-log-empty" />
      ) : (
        <ul className={s.list}>
          {q.data.list.map((f) => (
            <li key={f.id} className={s.logItem} data-testid="feedback-log-item">
              <div className={s.head}>
                <span className={s.title}>{f.type}</span>
                <span className={cx(s.status, f.status === 1 && s.statusDone)}>{f.status === 1 ? t('feedback.replied') : t('feedback.waiting')}</span>
              </div>
              <p className={s.content}>{f.content}</p>
              {f.pictures.length ? (
                <div className={s.thumbs}>
                  {f.pictures.map((p) => (
                    <img key={p.inputMediaId} src={p.url} alt="" data-testid="feedback-log-picture" />
                  ))}
                </div>
              ) : null}
              <span className={s.time}>{messageTime(f.createTime)}</span>
              {f.replyContent ? (
                <div className={s.reply} data-testid="feedback-reply">
                  <span className={s.replyLabel}>{t('feedback.reply')}{f.replyTime ? ` · ${messageTime(f.replyTime)}` : ''}</span>
                  {f.replyContent}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
