import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePicker, Popup } from 'antd-mobile';
import { AddOutline, CloseOutline, DeleteOutline } from 'antd-mobile-icons';
import { LIMITS, type HealthRecord, type MemberDetail } from '@chatdr/contract';
import { toast } from '../../api';
import { Dialog } from '../../ui/antd';
import { ChoiceGroup } from '../../ui/Choice';
import { Empty } from '../../ui/States';
import '../../i18n/family';
import { RECORD_ICONS } from './icons';
import { dateOf } from './member-form';
import { PickRow } from './PickerFields';
import { removeMaternity, saveRecords } from './queries';
import { MATERNITY_MIN_AGE, MATERNITY_OUTCOMES, canHaveMaternity, formatDetailDate, monthOf, outcomeLabel, outcomeOf, sortMaternity, type MaternityOutcome, type Tr } from './record-detail';
import { cx } from '../../ui/cx';
import styles from './family.module.css';

/** /user/illness?type=maternity — a woman's maternity history: outcome and month of each pregnancy. */
export function MaternityList({ member, items }: { member: MemberDetail; items: HealthRecord[] }) {
  const { t } = useTranslation();
  const tr: Tr = (key, opts) => t(key, opts ?? {});
  const [now] = useState(() => new Date());
  const [busy, setBusy] = useState(false);
  const [adding, setAdding] = useState(false);
  const list = sortMaternity(items);

  if (!canHaveMaternity(member, now)) return <Empty page title={t('family.maternity.notApplicable')} testId="maternity-na" />;

  async function remove(r: HealthRecord) {
    const ok = await Dialog.confirm({
      content: t('family.maternity.deleteConfirm', { name: labelOf(r) }),
      confirmText: <span className="text-danger">{t('family.record.delete')}</span>,
      cancelText: t('family.form.cancel'),
    });
    if (!ok) return;
    setBusy(true);
    try {
      await removeMaternity(member.id, r.id);
      toast(t('family.maternity.removed'), 'success');
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false);
    }
  }

  const labelOf = (r: HealthRecord) => {
    const o = outcomeOf(r);
    return o ? t(`family.maternity.outcome.${o}`) : r.name;
  };

  return (
    <div className="record-screen">
      <p className={styles.recordScreenWho}>
        <span className={styles.recordScreenIcon} aria-hidden>
          {RECORD_ICONS.maternity}
        </span>
        {member.name}
      </p>

      <button type="button" className={cx('btn', 'btn--ghost', styles.maternityAdd)} onClick={() => setAdding(true)} disabled={busy} data-testid="maternity-add">
        <AddOutline aria-hidden />
        {t('family.maternity.add')}
      </button>

      <section className="record-mine" aria-labelledby="maternity-mine-title">
        <h2 className={styles.sectionTitle} id="maternity-mine-title">
          {t('family.record.mine')}
          {list.length > 0 ? <span className={styles.sectionTitleCount}>{list.length}</span> : null}
        </h2>
        {list.length === 0 ? (
          <p className={styles.recordMineEmpty} data-testid="record-empty">
            {t('family.maternity.empty')}
            <span className={styles.recordMineHint}>{t('family.maternity.emptyDesc')}</span>
          </p>
        ) : (
          <ul className={styles.recordList} data-testid="record-list">
            {list.map((r) => {
              const o = outcomeOf(r);
              return (
                <li key={r.id} className={cx(styles.recordItem, 'maternity-item')} data-testid="maternity-item" data-outcome={o ?? undefined} data-date={r.detail.date ?? undefined}>
                  <span className={cx(styles.maternityItemDot, o && styles[`maternityItemDot${o.charAt(0).toUpperCase()}${o.slice(1)}`])} aria-hidden />
                  <span className={styles.recordItemMain}>
                    <span className={styles.recordItemName}>{labelOf(r)}</span>
                    <span className={styles.recordItemDesc}>{formatDetailDate(r.detail.date, tr) ?? t('family.maternity.noDate')}</span>
                  </span>
                  <button type="button" className={cx('icon-btn', styles.recordItemDelete)} aria-label={`${t('family.record.delete')} ${labelOf(r)}`} disabled={busy} onClick={() => void remove(r)} data-testid="maternity-delete">
                    <DeleteOutline aria-hidden />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <AddMaternityPopup visible={adding} member={member} items={items} onClose={() => setAdding(false)} />
    </div>
  );
}

function AddMaternityPopup({ visible, member, items, onClose }: { visible: boolean; member: MemberDetail; items: HealthRecord[]; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName={styles.sheet} destroyOnClose>
      <div className={styles.sheetInner} data-testid="maternity-popup" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <header className={styles.sheetHead}>
          <h2 className={styles.sheetTitle} id={titleId}>
            {t('family.maternity.addTitle')}
          </h2>
          <button type="button" className="icon-btn" aria-label={t('family.roles.close')} onClick={onClose}>
            <CloseOutline aria-hidden />
          </button>
        </header>
        <MaternityForm member={member} items={items} onSaved={onClose} />
      </div>
    </Popup>
  );
}

function MaternityForm({ member, items, onSaved }: { member: MemberDetail; items: HealthRecord[]; onSaved: () => void }) {
  const { t } = useTranslation();
  const tr: Tr = (key, opts) => t(key, opts ?? {});
  const [now] = useState(() => new Date());
  const [outcome, setOutcome] = useState<MaternityOutcome | null>(null);
  const [date, setDate] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const birthYear = member.birthDate ? Number(member.birthDate.slice(0, 4)) : null;
  const min = birthYear ? new Date(birthYear + MATERNITY_MIN_AGE, 0, 1) : dateOf(LIMITS.birthDateMin);
  const start = date ? new Date(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, 1) : now;

  async function save() {
    if (!outcome) return toast(t('family.maternity.chooseOutcome'));
    if (!date) return toast(t('family.maternity.chooseDate'));
    const name = outcomeLabel(outcome);
    setSaving(true);
    try {
      const saved = await saveRecords(member.id, [{ type: 'maternity', name, code: null, detail: { outcome, date } }]);
      // The server keeps one record per name: a second entry with the same outcome is skipped.
      if (saved.length === 0 && items.some((r) => r.name === name)) toast(t('family.maternity.duplicate', { name: t(`family.maternity.outcome.${outcome}`) }));
      else toast(t('family.maternity.saved', { name: t(`family.maternity.outcome.${outcome}`) }), 'success');
      onSaved();
    } catch {
      // Shown by the request layer.
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className={styles.detailForm}>
      <div className={cx('form-card', styles.formCardPad)}>
        <ChoiceGroup
          label={t('family.maternity.outcomeLabel')}
          options={MATERNITY_OUTCOMES.map((o) => ({ value: o, label: t(`family.maternity.outcome.${o}`) }))}
          value={outcome}
          onChange={setOutcome}
          testId="maternity-outcome"
        />
      </div>
      <div className={cx('form-card', styles.formCardRows)}>
        <PickRow label={t('family.maternity.date')} value={formatDetailDate(date, tr)} onOpen={() => setOpen(true)} testId="maternity-date" />
      </div>
      <DatePicker
        title={t('family.maternity.date')}
        confirmText={<span data-testid="picker-confirm">{t('family.form.confirm')}</span>}
        cancelText={t('family.form.cancel')}
        visible={open}
        onClose={() => setOpen(false)}
        min={min > now ? now : min}
        max={now}
        value={start}
        precision="month"
        renderLabel={(type, n) => (type === 'year' ? t('family.form.year', { v: n }) : type === 'month' ? t('family.form.month', { v: n }) : String(n))}
        onConfirm={(d) => setDate(monthOf(d))}
      />
      <button type="button" className={cx('btn', styles.detailFormSave)} disabled={saving} onClick={() => void save()} data-testid="maternity-save">
        {t('family.maternity.save')}
      </button>
    </div>
  );
}
