import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Popup } from 'antd-mobile';
import { CheckCircleFill, CloseOutline, UserAddOutline } from 'antd-mobile-icons';
import type { FamilyRoleCode, MemberDetail } from '@chatdr/contract';
import { toast } from '../../api';
import { isLoggedIn, useLoginStatus } from '../../app/login-store';
import { Dialog } from '../../ui/antd';
import { cx } from '../../ui/cx';
import '../../i18n/family';
import { MemberForm } from './MemberForm';
import { MemberAvatar, NoProfileIcon, memberFacts, roleTag } from './MemberBits';
import { setConsult } from './queries';
import { roles, useRoleStore } from './role-store';
import styles from './family.module.css';

/**
 * 为谁咨询: the members (the default one marked), 不结合档案 (chat-core §4, with its confirm dialog
 * once) and 添加成员, which opens the add-role popup over it.
 */
export default function ChangeRolePopup({ visible, onClose, members, onPicked }: { visible: boolean; onClose: () => void; members: readonly MemberDetail[]; onPicked?: (memberId: number) => void }) {
  const { t } = useTranslation();
  const loggedIn = isLoggedIn(useLoginStatus());
  const presetRoleId = useRoleStore((s) => s.presetRoleId);
  const [adding, setAdding] = useState(false);
  const [now] = useState(() => new Date());

  const pick = (m: MemberDetail) => {
    const changed = presetRoleId !== m.id;
    roles.selectRole(m.id);
    onClose();
    // The chat re-asks its last question for the member now chosen.
    if (changed) onPicked?.(m.id);
    // Tell the server who the consultation is about (the default flag is kept as it is).
    void setConsult(m.id, m.isDefault === 1 ? 1 : 0).catch(() => undefined);
  };

  const makeDefault = async (m: MemberDetail) => {
    try {
      await setConsult(m.id, 1);
      toast(t('family.roles.defaultSet'), 'success');
    } catch {
      // Shown by the request layer.
    }
  };

  const notCombined = async () => {
    const { showConfirm } = roles.clearPreset(loggedIn);
    onClose();
    if (!showConfirm) return;
    await Dialog.alert({ title: t('family.roles.notCombined'), content: t('family.roles.notCombinedMessage'), confirmText: t('family.roles.confirm') });
    roles.confirmNotCombined();
  };

  return (
    <>
      <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName={styles.sheet} destroyOnClose>
        <div className={styles.sheetInner} data-testid="change-role-popup" role="dialog" aria-modal="true" aria-labelledby="change-role-title">
          {/* sheet__head: the name e2e/chat finds the close button by (no styles attached). */}
          <header className={cx(styles.sheetHead, 'sheet__head')}>
            <div>
              <h2 className={styles.sheetTitle} id="change-role-title">
                {t('family.roles.popupTitle')}
              </h2>
              <p className={styles.sheetDesc}>{t('family.roles.popupDesc')}</p>
            </div>
            <button type="button" className="icon-btn" aria-label={t('family.roles.close')} onClick={onClose}>
              <CloseOutline aria-hidden />
            </button>
          </header>
          <ul className={styles.roleList} role="radiogroup" aria-labelledby="change-role-title">
            {members.map((m) => {
              const on = presetRoleId === m.id;
              return (
                <li key={m.id} className={cx(styles.roleItem, on && 'is-on')}>
                  <button type="button" role="radio" aria-checked={on} className={styles.roleItemPick} onClick={() => pick(m)} data-testid="role-item" data-id={m.id} data-name={m.name} data-default={m.isDefault === 1}>
                    <MemberAvatar member={m} size={44} />
                    <span className={styles.roleItemMain}>
                      <span className={styles.roleItemName}>
                        {m.name}
                        {roleTag(t, m) ? <span className="tag">{roleTag(t, m)}</span> : null}
                        {m.isDefault === 1 ? <span className="tag tag--warn">{t('family.default')}</span> : null}
                      </span>
                      <span className={styles.roleItemFacts}>{memberFacts(t, m, now) || t('family.notSet')}</span>
                    </span>
                    {on ? <CheckCircleFill className={styles.roleItemCheck} aria-hidden /> : null}
                  </button>
                  {m.isDefault !== 1 ? (
                    <button type="button" className={styles.roleItemDefault} onClick={() => void makeDefault(m)} data-testid="role-set-default">
                      {t('family.roles.setDefault')}
                    </button>
                  ) : null}
                </li>
              );
            })}
            <li className={cx(styles.roleItem, presetRoleId === null && 'is-on')}>
              <button type="button" role="radio" aria-checked={presetRoleId === null} className={styles.roleItemPick} onClick={() => void notCombined()} data-testid="role-item-none">
                <NoProfileIcon size={44} />
                <span className={styles.roleItemMain}>
                  <span className={styles.roleItemName}>{t('family.roles.notCombined')}</span>
                  <span className={styles.roleItemFacts}>{t('family.roles.notCombinedDesc')}</span>
                </span>
                {presetRoleId === null ? <CheckCircleFill className={styles.roleItemCheck} aria-hidden /> : null}
              </button>
            </li>
          </ul>
          <button type="button" className={cx('btn', 'btn--ghost', styles.sheetAdd)} onClick={() => setAdding(true)} data-testid="role-add">
            <UserAddOutline aria-hidden />
            {t('family.roles.addMember')}
          </button>
        </div>
      </Popup>
      <AddRolePopup
        visible={adding}
        members={members}
        onClose={() => setAdding(false)}
        onSaved={(m) => {
          setAdding(false);
          onClose();
          roles.selectRole(m.id);
          toast(t('family.form.added', { name: m.name }), 'success');
          onPicked?.(m.id);
        }}
      />
    </>
  );
}

/** The add-role popup of the chat home: the /user/role form in a bottom sheet. */
export function AddRolePopup({ visible, onClose, onSaved, members, initialRole = null }: { visible: boolean; onClose: () => void; onSaved: (m: MemberDetail) => void; members: readonly MemberDetail[]; initialRole?: FamilyRoleCode | null }) {
  const { t } = useTranslation();
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName={cx(styles.sheet, styles.sheetTall)} destroyOnClose>
      <div className={cx(styles.sheetInner, styles.sheetInnerForm)} data-testid="add-role-popup" role="dialog" aria-modal="true" aria-labelledby="add-role-title">
        <header className={cx(styles.sheetHead, 'sheet__head')}>
          <h2 className={styles.sheetTitle} id="add-role-title">
            {t('family.roles.addTitle')}
          </h2>
          <button type="button" className="icon-btn" aria-label={t('family.roles.close')} onClick={onClose}>
            <CloseOutline aria-hidden />
          </button>
        </header>
        <div className={styles.sheetScroll}>
          <MemberForm members={members} onSaved={onSaved} variant="popup" initialRole={initialRole} />
        </div>
      </div>
    </Popup>
  );
}
