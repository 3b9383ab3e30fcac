import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DeleteOutline, RightOutline } from 'antd-mobile-icons';
import type { HealthRecord, RecordDetailFields } from '@chatdr/contract';
import { toast } from '../../api';
import { useGoBack } from '../../app/back-hooks';
import { Dialog } from '../../ui/antd';
import { ChoiceGroup } from '../../ui/Choice';
import { Page } from '../../ui/Page';
import { Empty, LoadFailed, Loading } from '../../ui/States';
import '../../i18n/family';
import { RECORD_ICONS } from './icons';
import { MaternityList } from './MaternityList';
import { idParam, withId } from './params';
import { removeRecord, saveRecords, useMember, usePersonalRecord } from './queries';
import { confirmRecordWarnings } from './record-warnings';
import { RecordDetailPopup } from './RecordDetailPopup';
import { RecordPicker } from './RecordPicker';
import { detailSummary, type Tr } from './record-detail';
import { ALLERGEN_CHOICES, RELATIONS, hasPicked, pickTypeOf, type AllergenChoice, type PickType, type Picked, type RelationKey } from './records';
import { cx } from '../../ui/cx';
import styles from './family.module.css';

/**
 * /user/illness?type=&id= — one list of a member's health file: past diseases by default, or
 * allergies, long-term medicines, surgeries, family history. Each pick is saved at once.
 */
export default function IllnessPage() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const [params] = useSearchParams();
  const maternity = params.get('type') === 'maternity';
  const type = pickTypeOf(params.get('type'));
  const { member, ...members } = useMember(idParam(params.get('id')));
  const record = usePersonalRecord(member?.id);
  const title = maternity ? t('family.maternity.title') : t(`family.record.title.${type}`);

  let body;
  if (members.isPending || (member && record.isPending)) body = <Loading page />;
  else if (members.isError) body = <LoadFailed page onRetry={() => void members.refetch()} />;
  else if (!member) body = <Empty page title={t('family.notFound')} desc={t('family.notFoundDesc')} />;
  else if (record.isError || !record.data) body = <LoadFailed page onRetry={() => void record.refetch()} />;
  else if (maternity) body = <MaternityList key={`${member.id}-maternity`} member={member} items={record.data.records.maternity} />;
  else body = <RecordList key={`${member.id}-${type}`} type={type} memberId={member.id} memberName={member.name} birthDate={member.birthDate} items={record.data.records[type]} />;

  return (
    <Page
      title={title}
      testId="record-page"
      backTo={withId('/user/mine', member?.id)}
      footer={
        <button type="button" className="btn" onClick={() => goBack(withId('/user/mine', member?.id))} data-testid="record-done">
          {t('family.record.done')}
        </button>
      }
    >
      {body}
    </Page>
  );
}

function RecordList({ type, memberId, memberName, birthDate, items }: { type: PickType; memberId: number; memberName: string; birthDate: string | null; items: HealthRecord[] }) {
  const { t } = useTranslation();
  const tr: Tr = (key, opts) => t(key, opts ?? {});
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<HealthRecord | null>(null);
  const [editOpen, setEditOpen] = useState(false);
  const openDetail = (r: HealthRecord) => {
    setEditing(r);
    setEditOpen(true);
  };
  const [allergen, setAllergen] = useState<AllergenChoice>('drug');
  const [relation, setRelation] = useState<RelationKey>('father');
  const picked: Picked[] = items.map((r) => ({ id: r.id, name: r.name, code: r.code }));

  const detailFor = (): RecordDetailFields | undefined => {
    if (type === 'allergy') return { allergenType: allergen };
    if (type === 'familyHistory') return { relation: RELATIONS.find((r) => r.key === relation)?.value ?? null };
    return undefined;
  };

  async function add(item: Picked) {
    if (hasPicked(picked, item.name) && type !== 'familyHistory') return toast(t('family.record.exists', { name: item.name }));
    setBusy(true);
    try {
      const detail = detailFor();
      const input = { type, name: item.name, code: item.code, ...(detail ? { detail } : {}) };
      // Checked against the rest of the profile first (an allergy's class, pregnancy, interactions).
      if (!(await confirmRecordWarnings(memberId, [input], tr))) return;
      await saveRecords(memberId, [input]);
      toast(t('family.record.added', { name: item.name }), 'success');
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false);
    }
  }

  async function remove(item: { id?: number; name: string }) {
    if (item.id === undefined) return;
    const ok = await Dialog.confirm({
      content: t('family.record.deleteConfirm', { name: item.name }),
      confirmText: <span className="text-danger">{t('family.record.delete')}</span>,
      cancelText: t('family.form.cancel'),
    });
    if (!ok) return;
    setBusy(true);
    try {
      await removeRecord(item.id);
      toast(t('family.record.removed'), 'success');
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false);
    }
  }

  const descOf = (r: HealthRecord) => {
    const parts: string[] = [];
    const summary = detailSummary(type, r.detail, tr);
    if (summary) parts.push(summary);
    if (r.source !== 'user') parts.push(t(`family.record.source.${r.source}`));
    return parts.join(' · ');
  };

  return (
    <div className="record-screen">
      <p className={styles.recordScreenWho}>
        <span className={styles.recordScreenIcon} aria-hidden>
          {RECORD_ICONS[type]}
        </span>
        {memberName}
      </p>

      {type === 'allergy' ? (
        <ChoiceGroup
          label={t('family.record.allergenType')}
          options={ALLERGEN_CHOICES.map((a) => ({ value: a, label: t(`family.record.allergen.${a}`) }))}
          value={allergen}
          onChange={setAllergen}
          testId="allergen-type"
          layout="inline"
        />
      ) : null}
      {type === 'familyHistory' ? (
        <ChoiceGroup
          label={t('family.record.relation')}
          options={RELATIONS.map((r) => ({ value: r.key, label: t(`family.record.relations.${r.key}`) }))}
          value={relation}
          onChange={setRelation}
          testId="relation"
          layout="inline"
        />
      ) : null}

      <RecordPicker type={type} picked={picked} onAdd={add} onRemove={remove} busy={busy} />

      <section className="record-mine" aria-labelledby="record-mine-title">
        <h2 className={styles.sectionTitle} id="record-mine-title">
          {t('family.record.mine')}
          {items.length > 0 ? <span className={styles.sectionTitleCount}>{items.length}</span> : null}
        </h2>
        {items.length === 0 ? (
          <p className={styles.recordMineEmpty} data-testid="record-empty">
            {t(`family.record.empty.${type}`)}
          </p>
        ) : (
          <ul className={styles.recordList} data-testid="record-list">
            {items.map((r) => {
              const desc = descOf(r);
              return (
                <li key={r.id} className={styles.recordItem} data-testid="record-item" data-name={r.name}>
                  <button type="button" className={cx(styles.recordItemMain, styles.recordItemOpen)} aria-haspopup="dialog" aria-label={`${r.name}${desc ? `，${desc}` : ''}，${t(desc ? 'family.detail.edit' : 'family.detail.add')}`} onClick={() => openDetail(r)}>
                    <span className={styles.recordItemName}>{r.name}</span>
                    {desc ? <span className={styles.recordItemDesc}>{desc}</span> : <span className={cx(styles.recordItemDesc, styles.recordItemDescAdd)}>{t('family.detail.add')}</span>}
                  </button>
                  <RightOutline className={styles.recordItemArrow} aria-hidden />
                  <button type="button" className={cx('icon-btn', styles.recordItemDelete)} aria-label={`${t('family.record.delete')} ${r.name}`} disabled={busy} onClick={() => void remove(r)} data-testid="record-delete">
                    <DeleteOutline aria-hidden />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <RecordDetailPopup type={type} record={editing} open={editOpen} onClose={() => setEditOpen(false)} afterClose={() => setEditing(null)} birthDate={birthDate} />
    </div>
  );
}
