import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MemberDetail } from '@chatdr/contract';
import { toast } from '../../api';
import { useGoBack } from '../../app/back-hooks';
import { Page } from '../../ui/Page';
import { Empty, LoadFailed, Loading } from '../../ui/States';
import '../../i18n/family';
import { MemberForm } from './MemberForm';
import { idParam, withId } from './params';
import { useMembers } from './queries';
import styles from './family.module.css';

/** /user/role — add a family member; with ?id= edit one (the account holder too). */
export default function RolePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = useGoBack();
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const members = useMembers();
  const editing = id !== null ? members.data?.find((m) => m.id === id) : undefined;

  const title = id === null ? t('family.form.addTitle') : editing?.isSelf ? t('family.form.editSelfTitle') : t('family.form.editTitle');

  const onSaved = (m: MemberDetail) => {
    if (editing) {
      toast(t('family.form.saved'), 'success');
      goBack(withId('/user/profile', m.id));
      return;
    }
    toast(t('family.form.added', { name: m.name }), 'success');
    void navigate(withId('/user/profile', m.id), { replace: true });
  };

  let body;
  if (members.isPending) body = <Loading page />;
  else if (members.isError) body = <LoadFailed page onRetry={() => void members.refetch()} />;
  else if (id !== null && !editing) body = <Empty page title={t('family.notFound')} desc={t('family.notFoundDesc')} />;
  else body = <MemberForm key={editing?.id ?? 'new'} editing={editing} members={members.data} onSaved={onSaved} />;

  return (
    <Page title={title} testId="role-page" bodyClassName={styles.rolePageBody}>
      {body}
    </Page>
  );
}
