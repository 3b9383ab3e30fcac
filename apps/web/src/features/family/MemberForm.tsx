import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Switch } from 'antd-mobile';
import { LIMITS, ROLES, type FamilyRoleCode, type MemberDetail, type Sex } from '@chatdr/contract';
import { toast } from '../../api';
import { ChoiceGroup } from '../../ui/Choice';
import { RoleAvatar } from '../../ui/RoleAvatar';
import { cx } from '../../ui/cx';
import '../../i18n/family';
import { avatarKeyOf } from './avatar';
import { canConfirm, clampName, draftIssue, draftOf, emptyDraft, nameChanged, pickRole, sexSelectable, toEditReq, toSaveReq, type DraftIssue, type MemberDraft } from './member-form';
import { BirthDateField, HeightField, WeightField } from './PickerFields';
import styles from './family.module.css';
import { auditNickname, checkName, editMember, refreshFamily, saveMember } from './queries';

type Phase = 'idle' | 'auditing' | 'saving';

interface MemberFormProps {
  /** The member being edited; absent = adding one. */
  editing?: MemberDetail;
  /** Every member of the account (for the nickname default and duplicate roles). */
  members: readonly MemberDetail[];
  onSaved: (m: MemberDetail) => void;
  /** In a popup the footer is not sticky to the page. */
  variant?: 'page' | 'popup';
  /** A new member's role chosen already (the chat offered to add 妈妈 for a question about her). */
  initialRole?: FamilyRoleCode | null;
}

/**
 * Add or edit a family member (account-health §5): role first, nickname (audited, unique per role),
 * sex from the role, birth date, height, weight and the default-consultant switch.
 */
export function MemberForm({ editing, members, onSaved, variant = 'page', initialRole = null }: MemberFormProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<MemberDraft>(() => (editing ? draftOf(editing) : initialRole ? pickRole(emptyDraft(), initialRole, members) : emptyDraft()));
  const [phase, setPhase] = useState<Phase>('idle');
  const self = editing?.isSelf === true;
  const set = (patch: Partial<MemberDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const chooseRoleFirst = () => toast(t('family.form.chooseRoleFirst'));

  const fieldName = (f: DraftIssue['field']) =>
    f === 'sex' ? t('family.form.sex') : f === 'birthDate' ? t('family.form.birthDate') : f === 'height' ? t('family.form.height') : f === 'weight' ? t('family.form.weight') : t('family.form.name');
  const issueText = (i: DraftIssue) => {
    if (i.field === 'role') return t('family.form.chooseRoleFirst');
    if (i.field === 'name') return i.kind === 'tooLong' ? t('family.form.nameTooLong') : t('family.form.namePlaceholder');
    if (i.kind === 'range') return t('family.form.outOfRange', { field: fieldName(i.field) });
    return t('family.form.pleaseChooseField', { field: fieldName(i.field) });
  };

  async function submit() {
    if (!canConfirm(draft) || phase !== 'idle') return;
    const issue = draftIssue(draft);
    if (issue) return toast(issueText(issue));
    const name = draft.name.trim();
    try {
      if (nameChanged(draft, editing ?? null) && draft.roleCode) {
        setPhase('auditing');
        let pass = true;
        try {
          pass = (await auditNickname(name)).pass;
        } catch {
          // The audit is unavailable: the save audits the nickname again on the server.
        }
        if (!pass) return toast(t('family.form.blocked'));
        // A taken name answers code ≠ 1 with 昵称已存在，请重填 (shown by the request layer) or available false.
        const free = await checkName(name, draft.roleCode, editing?.id);
        if (!free.available) return toast(t('family.form.taken'));
      }
      setPhase('saving');
      const saved = editing ? await editMember(toEditReq(draft, editing)) : await saveMember(toSaveReq(draft));
      await refreshFamily();
      onSaved(saved);
    } catch {
      // The request layer has shown why (昵称已存在，请重填, 该昵称不可用，请更换昵称, validation…).
    } finally {
      setPhase('idle');
    }
  }

  const roleCode = draft.roleCode;
  const selectable = sexSelectable(roleCode);
  const busy = phase !== 'idle';
  const sexOptions: Array<{ value: Sex; label: string }> = [
    { value: 'M', label: t('family.sexM') },
    { value: 'F', label: t('family.sexF') },
  ];

  return (
    <div className={cx(styles.memberForm, variant === 'page' && styles.memberFormPage)} data-testid="member-form">
      {self ? (
        <div className={styles.memberFormSelf}>
          <RoleAvatar avatar={avatarKeyOf({ roleCode: editing.roleCode, sex: draft.sex, isSelf: true })} size={64} />
          <span className="tag">{t('family.role.ROLE_0000')}</span>
        </div>
      ) : (
        <section className={styles.formSection} aria-labelledby="member-role-title">
          <div className={styles.formSectionHead}>
            <h2 className={styles.formSectionTitle} id="member-role-title">
              {t('family.form.chooseRole')}
            </h2>
            <span className={styles.formSectionHint}>{t('family.form.roleHint')}</span>
          </div>
          <div className={styles.roleGrid} role="radiogroup" aria-labelledby="member-role-title">
            {ROLES.map((r) => {
              const on = roleCode === r.roleCode;
              return (
                <button
                  key={r.roleCode}
                  type="button"
                  role="radio"
                  aria-checked={on}
                  className={cx(styles.roleOption, on && 'is-on')}
                  onClick={() => setDraft((d) => pickRole(d, r.roleCode as FamilyRoleCode, members, editing?.id))}
                  data-testid={`role-option-${r.roleCode}`}
                >
                  <RoleAvatar avatar={avatarKeyOf({ roleCode: r.roleCode, sex: r.sex || null })} size={44} />
                  <span className={styles.roleOptionName}>{t(`family.role.${r.roleCode}`)}</span>
                </button>
              );
            })}
          </div>
        </section>
      )}

      <section className={styles.formSection}>
        <div className={styles.formSectionHead}>
          <h2 className={styles.formSectionTitle}>{t('family.form.basics')}</h2>
        </div>
        <div className={cx('form-card', styles.formCardRows)}>
          <label className={styles.nameRow}>
            <span className={styles.pickRowLabel}>{t('family.form.name')}</span>
            <input
              className={styles.nameRowInput}
              value={draft.name}
              placeholder={t('family.form.namePlaceholder')}
              maxLength={LIMITS.nicknameMax}
              readOnly={!roleCode}
              onFocus={(e) => {
                if (!roleCode) {
                  e.currentTarget.blur();
                  chooseRoleFirst();
                }
              }}
              onChange={(e) => set({ name: clampName(e.target.value) })}
              autoComplete="off"
              enterKeyHint="done"
              data-testid="member-name"
            />
            <span className={styles.nameRowCount} aria-hidden>
              {Array.from(draft.name).length}/{LIMITS.nicknameMax}
            </span>
          </label>
          <div className={cx(styles.pickRow, styles.pickRowStatic)}>
            <span className={styles.pickRowLabel}>{t('family.form.sex')}</span>
            {roleCode && !selectable ? <span className={styles.pickRowNote}>{t('family.form.sexByRole')}</span> : null}
            <ChoiceGroup
              label={t('family.form.sex')}
              hideLabel
              options={sexOptions}
              value={draft.sex}
              onChange={(sex) => set({ sex })}
              disabled={!selectable}
              onDisabledTap={roleCode ? undefined : chooseRoleFirst}
              testId="member-sex"
              layout="compact"
              className={styles.pickRowChoice}
            />
          </div>
          <BirthDateField value={draft.birthDate} onChange={(birthDate) => set({ birthDate })} testId="member-birth" />
          <HeightField value={draft.height} onChange={(height) => set({ height })} testId="member-height" />
          <WeightField value={draft.weight} onChange={(weight) => set({ weight })} testId="member-weight" />
        </div>
      </section>

      <section className={styles.formSection}>
        <div className={cx('form-card', styles.formCardRows)}>
          <div className={styles.switchRow}>
            <div className={styles.switchRowText}>
              <span className={styles.switchRowTitle} id="member-default-label">
                {t('family.form.default')}
              </span>
              <span className={styles.switchRowHint}>{t('family.form.defaultHint')}</span>
            </div>
            <Switch checked={draft.isDefault} onChange={(isDefault) => set({ isDefault })} aria-labelledby="member-default-label" data-testid="member-default" />
          </div>
        </div>
      </section>

      <div className={styles.memberFormFooter}>
        <button type="button" className="btn" disabled={!canConfirm(draft) || busy} onClick={() => void submit()} data-testid="member-confirm" aria-busy={busy || undefined}>
          {busy ? <span className="spinner" aria-hidden /> : null}
          {phase === 'auditing' ? t('family.form.auditing') : editing ? t('family.form.save') : t('family.form.confirm')}
        </button>
      </div>
    </div>
  );
}

