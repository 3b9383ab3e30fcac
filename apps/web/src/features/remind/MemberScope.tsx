import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MemberDetail } from '@chatdr/contract';
import { Empty, LoadFailed, Loading } from '../../ui/States';
import '../../i18n/family';
import { MemberSwitcher } from '../family/MemberSwitcher';
import { idParam } from '../family/params';
import { useMembers } from '../family/queries';

/** The member a reminder page is about (query `param`, else the account holder) with a switcher. */
export function MemberScope({ param = 'userId', children }: { param?: string; children: (member: MemberDetail) => ReactNode }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const members = useMembers();
  const wanted = idParam(params.get(param));
  if (members.isPending) return <Loading page />;
  if (members.isError) return <LoadFailed page onRetry={() => void members.refetch()} />;
  const member = members.data.find((m) => m.id === wanted) ?? members.data.find((m) => m.isSelf) ?? members.data[0];
  if (!member) return <Empty page title={t('family.notFound')} />;
  return (
    <>
      {members.data.length > 1 ? (
        <MemberSwitcher
          members={members.data}
          value={member.id}
          onChange={(id) => {
            const next = new URLSearchParams(params);
            next.set(param, String(id));
            setParams(next, { replace: true });
          }}
        />
      ) : null}
      {children(member)}
    </>
  );
}
