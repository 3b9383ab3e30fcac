import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddOutline, CheckOutline, CloseCircleFill, SearchOutline } from 'antd-mobile-icons';
import type { RecordType } from '@chatdr/contract';
import { cx } from '../../ui/cx';
import '../../i18n/family';
import { useSuggestions, useTemplates } from './queries';
import styles from './family.module.css';
import { hasPicked, sameName, type Picked } from './records';

interface RecordPickerProps {
  type: RecordType;
  picked: readonly Picked[];
  onAdd: (item: Picked) => void | Promise<void>;
  /** Tapping a chosen quick-pick chip. */
  onRemove: (item: Picked) => void | Promise<void>;
  busy?: boolean;
}

/**
 * Search with suggestions as you type (keywordTemplateSuggestion) plus quick-pick chips of the
 * common items (keywordGetTemplate). A name that is not in the lexicon can be added as typed.
 */
export function RecordPicker({ type, picked, onAdd, onRemove, busy }: RecordPickerProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const inputId = useId();
  const listId = useId();
  const templates = useTemplates(type);
  const typed = keyword.trim();
  const suggestions = useSuggestions(type, keyword);
  const items = typed ? (suggestions.data ?? []) : [];
  const exact = items.some((s) => sameName(s.name, typed));

  const add = async (item: Picked) => {
    await onAdd(item);
    setKeyword('');
  };

  return (
    <div className="record-picker">
      <div className={styles.searchBox}>
        <label htmlFor={inputId} className="sr-only">
          {t('family.record.searchLabel')}
        </label>
        <SearchOutline className={styles.searchBoxIcon} aria-hidden />
        <input
          id={inputId}
          className={styles.searchBoxInput}
          type="search"
          value={keyword}
          onChange={(e) => setKeyword(e.target.value.slice(0, 30))}
          placeholder={t(`family.record.search.${type === 'maternity' ? 'disease' : type}`)}
          autoComplete="off"
          enterKeyHint="search"
          role="combobox"
          aria-expanded={typed.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          onKeyDown={(e) => {
            if (e.key === 'Enter' && typed && !busy) {
              e.preventDefault();
              const first = items[0];
              void add(first && sameName(first.name, typed) ? { name: first.name, code: first.id } : { name: typed, code: null });
            }
          }}
          data-testid="record-search"
        />
        {keyword ? (
          <button type="button" className={styles.searchBoxClear} aria-label={t('family.record.clear')} onClick={() => setKeyword('')}>
            <CloseCircleFill aria-hidden />
          </button>
        ) : null}
      </div>

      {typed ? (
        <ul className={styles.suggest} id={listId} role="listbox" aria-label={t('family.record.searchLabel')} aria-busy={suggestions.isFetching || undefined}>
          {items.map((s) => {
            const on = hasPicked(picked, s.name);
            return (
              <li key={s.id} role="option" aria-selected={on}>
                <button type="button" className={styles.suggestItem} disabled={busy || on} onClick={() => void add({ name: s.name, code: s.id })} data-testid="suggestion-item" data-name={s.name}>
                  <span className={styles.suggestName}>
                    <Highlight text={s.name} query={typed} />
                    {s.matched && !sameName(s.matched, s.name) ? <span className={styles.suggestAlias}>{s.matched}</span> : null}
                  </span>
                  {on ? <CheckOutline className={styles.suggestCheck} aria-hidden /> : <AddOutline className={styles.suggestAdd} aria-hidden />}
                </button>
              </li>
            );
          })}
          {!exact && !hasPicked(picked, typed) ? (
            <li role="option" aria-selected={false}>
              <button type="button" className={cx(styles.suggestItem, styles.suggestItemCustom)} disabled={busy} onClick={() => void add({ name: typed, code: null })} data-testid="suggestion-custom">
                <span className={styles.suggestName}>{t('family.record.addCustom', { name: typed })}</span>
                <AddOutline className={styles.suggestAdd} aria-hidden />
              </button>
            </li>
          ) : null}
          {items.length === 0 && !suggestions.isFetching && suggestions.isFetched ? <li className={styles.suggestNone}>{t('family.record.noMatch')}</li> : null}
        </ul>
      ) : null}

      {templates.data && templates.data.length > 0 ? (
        <div className={styles.chipsBlock}>
          <p className={styles.chipsBlockTitle}>{t('family.record.common')}</p>
          <div className={styles.chips}>
            {templates.data.map((c) => {
              const chosen = picked.find((p) => sameName(p.name, c.name));
              return (
                <button
                  key={c.id}
                  type="button"
                  className={cx(styles.chip, chosen && 'is-on')}
                  aria-pressed={Boolean(chosen)}
                  disabled={busy}
                  onClick={() => void (chosen ? onRemove(chosen) : onAdd({ name: c.name, code: c.id }))}
                  data-testid="record-chip"
                  data-name={c.name}
                >
                  {chosen ? <CheckOutline aria-hidden /> : null}
                  {c.name}
                </button>
              );
            })}
          </div>
        </div>
      ) : templates.isPending ? (
        <div className={styles.chips} aria-hidden>
          {[64, 80, 56, 72, 90, 60].map((w, i) => (
            <span key={i} className="skeleton" style={{ width: w, height: 34, borderRadius: 999 }} />
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** The name with the typed part in bold. */
function Highlight({ text, query }: { text: string; query: string }) {
  const i = text.indexOf(query);
  if (!query || i < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, i)}
      <mark>{text.slice(i, i + query.length)}</mark>
      {text.slice(i + query.length)}
    </>
  );
}
