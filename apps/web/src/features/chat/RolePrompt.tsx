import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAddOutline, UserSetOutline } from 'antd-mobile-icons';
import { toast } from '../../api';
import ChangeRolePopup, { AddRolePopup } from '../family/ChangeRolePopup';
import { useMembers } from '../family/queries';
import { roles } from '../family/role-store';
import type { RoleQuestion } from './model';

/**
 * The role-choice prompt (chat-core §3/§4 roleStatus -1…-4): the answer was about someone other
 * than the chosen profile. It opens the chat home's change-role or add-role popup.
 */
export default function RolePrompt({ q }: { q: RoleQuestion }) {
  const { t } = useTranslation();
  const members = useMembers();
  const [open, setOpen] = useState<'change' | 'add' | null>(null);
  return (
    <div className="role-q" data-testid="role-question" data-role-status={q.roleStatus}>
      <p className="role-q__text">{q.text}</p>
      <div className="role-q__actions">
        <button type="button" className="btn btn--ghost btn--small" onClick={() => setOpen('change')} disabled={!members.data} data-testid="role-question-switch">
          <UserSetOutline aria-hidden />
          {t('chat.role.switch')}
        </button>
        <button type="button" className="btn btn--small" onClick={() => setOpen('add')} disabled={!members.data} data-testid="role-question-add">
          <UserAddOutline aria-hidden />
          {t('chat.role.add')}
        </button>
      </div>
      {members.data ? (
        <>
          <ChangeRolePopup visible={open === 'change'} onClose={() => setOpen(null)} members={members.data} />
          <AddRolePopup
            visible={open === 'add'}
            members={members.data}
            onClose={() => setOpen(null)}
            onSaved={(m) => {
              setOpen(null);
              roles.selectRole(m.id);
              toast(t('family.form.added', { name: m.name }), 'success');
            }}
          />
        </>
      ) : null}
    </div>
  );
}
