import { useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SearchOutline } from 'antd-mobile-icons';
import type { ChatDialog } from '@chatdr/contract';
import '../../i18n/chat';
import { Page } from '../../ui/Page';
import { Empty, LoadFailed, Loading } from '../../ui/States';
import { excerpt, highlight, timeLabel } from './format';
import { useSearch } from './queries';
import styles from './chat.module.css';

function Marked({ text, keyword }: { text: string; keyword: string }) {
  return (
    <>
      {highlight(text, keyword).map((p, i) => (p.hit ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>))}
    </>
  );
}

/** A dialog in a list (search results, favourites): question, an excerpt of the answer, time. */
export function DialogRow({ d, keyword = '', onOpen, extra }: { d: ChatDialog; keyword?: string; onOpen: () => void; extra?: ReactNode }) {
  const { t } = useTranslation();
  const [now] = useState(() => new Date());
  return (
    <li className={styles.dialogRow}>
      <button type="button" className={styles.dialogRowMain} onClick={onOpen}>
        <span className={styles.dialogRowQ}>
          <Marked text={d.question} keyword={keyword} />
        </span>
        <span className={styles.dialogRowA}>
          <Marked text={excerpt(d.answer, keyword, 64)} keyword={keyword} />
        </span>
        <span className={styles.dialogRowTime}>{timeLabel(d.createTime, now, { today: t('chat.history.today'), yesterday: t('chat.history.yesterday') })}</span>
      </button>
      {extra}
    </li>
  );
}

/** /chat/search — search the history (history/search) by keyword. */
export default function ChatSearchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const keyword = params.get('keyword') ?? '';
  const [input, setInput] = useState(keyword);
  const results = useSearch(keyword);
  const submit = () => setParams(input.trim() ? { keyword: input.trim() } : {}, { replace: true });

  return (
    <Page title={t('chat.search.title')} testId="chat-search-page" backTo="/">
      <form
        className={styles.searchBox}
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <SearchOutline aria-hidden className={styles.searchBoxIcon} />
        <input
          className={styles.searchBoxInput}
          type="search"
          enterKeyHint="search"
          value={input}
          maxLength={50}
          placeholder={t('chat.search.placeholder')}
          aria-label={t('chat.search.placeholder')}
          onChange={(e) => setInput(e.target.value)}
          data-testid="search-input"
        />
        <button type="submit" className="btn btn--small" data-testid="search-submit">
          {t('chat.search.submit')}
        </button>
      </form>
      {!keyword ? (
        <Empty icon={<SearchOutline />} title={t('chat.search.hint')} testId="search-hint" />
      ) : results.isPending ? (
        <Loading />
      ) : results.isError ? (
        <LoadFailed onRetry={() => void results.refetch()} />
      ) : results.data.list.length === 0 ? (
        <Empty title={t('chat.search.empty')} testId="search-empty" />
      ) : (
        <ul className={styles.dialogList} data-testid="search-results">
          {results.data.list.map((d) => (
            <DialogRow key={d.dialInId} d={d} keyword={keyword} onOpen={() => void navigate(`/chat/history/${encodeURIComponent(d.sessionId)}`)} />
          ))}
        </ul>
      )}
    </Page>
  );
}
