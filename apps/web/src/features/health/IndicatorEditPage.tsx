import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MemberDetail } from '@chatdr/contract';
import { toast } from '../../api';
import { Page } from '../../ui/Page';
import { ChoiceGroup } from '../../ui/Choice';
import { TextField } from '../../ui/Field';
import { Empty, LoadFailed, Loading } from '../../ui/States';
import '../../i18n/family';
import '../../i18n/health';
import { idParam, withId } from '../family/params';
import { fmtNum, fromLocalInput, toLocalInput } from './format';
import { useEditIndicator, useExplain, useIndicatorHistory, useSaveIndicator, type IndExplain, type IndValue } from './queries';
import { useScopedMember } from './scope';
import styles from './health.module.css';
import { cx } from '../../ui/cx';

/** /indicator/edit?id=&type=[&valueId=] — record a value (any of the indicator's units) or edit one. */
export default function IndicatorEditPage() {
  const { t } = useTranslation();
  const { members, member, params } = useScopedMember();
  const type = params.get('type') ?? '';
  const valueId = idParam(params.get('valueId'));
  const explain = useExplain(type);
  const history = useIndicatorHistory(valueId ? member?.id : undefined, type);
  const editing = valueId ? history.data?.list.find((v) => v.id === valueId) : undefined;
  let body;
  if (members.isPending || explain.isPending || (valueId && history.isPending)) body = <Loading page />;
  else if (!member || explain.isError || (valueId && !editing)) body = <Empty page title={t('health.ind.empty')} />;
  else return <EditForm member={member} meta={explain.data} value={editing} />;
  return (
    <Page title={t('health.ind.title')} testId="indicator-edit-page">
      {members.isError ? <LoadFailed page onRetry={() => void members.refetch()} /> : body}
    </Page>
  );
}

function EditForm({ member, meta, value }: { member: MemberDetail; meta: IndExplain; value: IndValue | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveIndicator(member.id);
  const edit = useEditIndicator(member.id);
  const [v, setV] = useState(value ? fmtNum(value.rawValue) : '');
  const [unit, setUnit] = useState(value?.rawUnit || meta.unit);
  const [when, setWhen] = useState(() => toLocalInput(value?.measureTime ?? Date.now()));
  const pending = save.isPending || edit.isPending;

  async function submit() {
    const n = Number(v);
    if (!v.trim() || !Number.isFinite(n)) return toast(t('health.ind.valueRequired'));
    const at = fromLocalInput(when) ?? undefined;
    try {
      const r = value
        ? await edit.mutateAsync({ id: value.id, value: n, unit, ...(at !== undefined ? { measureTime: at } : {}) })
        : await save.mutateAsync({ userInfoId: member.id, type: meta.type, value: n, unit, ...(at !== undefined ? { measureTime: at } : {}) });
      toast(r.unit !== unit ? t('health.ind.converted', { v: fmtNum(r.value), unit: r.unit }) : t('health.saved'), 'success');
      navigate(withId('/indicator/detail', member.id, { type: meta.type }), { replace: true });
    } catch {
      // Shown by the request layer.
    }
  }

  return (
    <Page
      title={value ? t('health.ind.editValueTitle', { name: meta.name }) : t('health.ind.editTitle', { name: meta.name })}
      testId="indicator-edit-page"
      footer={
        <button type="button" className="btn" disabled={pending} onClick={() => void submit()} data-testid="indicator-save">
          {pending ? <span className="spinner" aria-hidden /> : null}
          {t('health.save')}
        </button>
      }
    >
      <section className={cx(styles.hxCard, styles.hxSheetBody)}>
        <TextField label={`${t('health.ind.value')}（${meta.name}）`} value={v} onChange={(x) => setV(x.replace(/[^\d.]/g, '').slice(0, 12))} inputMode="decimal" placeholder={t('health.ind.valuePlaceholder')} suffix={unit} testId="indicator-value" />
        {meta.units.length > 1 ? (
          <ChoiceGroup label={t('health.ind.unit')} options={meta.units.map((u) => ({ value: u, label: u }))} value={unit} onChange={setUnit} testId="indicator-unit" />
        ) : null}
        <TextField label={t('health.ind.time')} type="datetime-local" value={when} onChange={setWhen} testId="indicator-time" />
      </section>
      {meta.ranges.length > 0 ? (
        <section className={styles.hxCard}>
          <h2 className={styles.hxCardTitle}>{t('health.ind.range')}</h2>
          <ul className={styles.hxSteps}>
            {meta.ranges.map((r, i) => (
              <li key={i}>{rangeLabel(t, r)}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </Page>
  );
}

export function rangeLabel(t: (k: string, o?: Record<string, unknown>) => string, r: IndExplain['ranges'][number]): string {
  const age = r.ageMax !== null ? t('health.ind.ageRange', { a: r.ageMin ?? 0, b: r.ageMax }) : r.ageMin !== null ? t('health.ind.ageFrom', { a: r.ageMin }) : '';
  const who = [r.sex === 'M' ? t('family.sexM') : r.sex === 'F' ? t('family.sexF') : '', age].filter(Boolean).join(' ');
  return who ? `${who}：${r.text}` : r.text;
}
