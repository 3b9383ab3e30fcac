import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAddOutline, UserSetOutline } from 'antd-mobile-icons';
import { ROLES, type FamilyRoleCode } from '@chatdr/contract';
import { toast } from '../../api';
import ChangeRolePopup, { AddRolePopup } from '../family/ChangeRolePopup';
import { useMembers } from '../family/queries';
import { roles } from '../family/role-store';
import { chat } from './chat-store';
import styles from './chat.module.css';
import type { RoleQuestion } from './model';

const isRoleCode = (c: string | null): c is FamilyRoleCode => c !== null && ROLES.some((r) => r.roleCode === c);

/**
 * The role-choice prompt (chat-core §3/§4 roleStatus -1…-4): the answer was about someone other
 * than the chosen profile. Several fitting members are offered by name (the answer waits for the
 * choice); a relative the family lacks is offered to be added with that role. Choosing or adding
 * a member asks the question again for that member.
 */
export default function RolePrompt({ q }: { q: RoleQuestion }) {
  const { t } = useTranslation();
  const members = useMembers();
  const [open, setOpen] = useState<'change' | 'add' | null>(null);
  const choose = (id: number) => {
    roles.selectRole(id);
    void chat.reaskLast();
  };
  const initialRole = q.add && isRoleCode(q.add.roleCode) ? q.add.roleCode : null;
  return (
    <div className={styles.roleQ} data-testid="role-question" data-role-status={q.roleStatus}>
      <p className={styles.roleQText}>{q.text}</p>
      {q.candidates.length > 0 ? (
        <div className={styles.roleQActions} role="group" aria-label={t('chat.role.choose')}>
          {q.candidates.map((c) => (
            <button key={c.userInfoId} type="button" className="btn btn--small" onClick={() => choose(c.userInfoId)} data-testid="role-question-candidate" data-id={c.userInfoId}>
              {c.name && c.name !== c.roleName ? `${c.roleName}·${c.name}` : c.roleName}
            </button>
          ))}
        </div>
      ) : null}
      <div className={styles.roleQActions}>
        {q.candidates.length === 0 ? (
          <button type="button" className="btn btn--ghost btn--small" onClick={() => setOpen('change')} disabled={!members.data} data-testid="role-question-switch">
            <UserSetOutline aria-hidden />
            {t('chat.role.switch')}
          </button>
        ) : null}
        <button type="button" className="btn btn--small" onClick={() => setOpen('add')} disabled={!members.data} data-testid="role-question-add">
          <UserAddOutline aria-hidden />
          {q.add?.roleName ? t('chat.role.addNamed', { role: q.add.roleName }) : t('chat.role.add')}
        </button>
      </div>
      {members.data ? (
        <>
          <ChangeRolePopup visible={open === 'change'} onClose={() => setOpen(null)} members={members.data} onPicked={() => void chat.reaskLast()} />
          <AddRolePopup
            visible={open === 'add'}
            members={members.data}
            initialRole={initialRole}
            onClose={() => setOpen(null)}
            onSaved={(m) => {
              setOpen(null);
              roles.selectRole(m.id);
              toast(t('family.form.added', { name: m.name }), 'success');
              void chat.reaskLast();
            }}
          />
        </>
      ) : null}
    </div>
  );
}
