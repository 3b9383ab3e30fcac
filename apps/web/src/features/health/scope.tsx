import { Fragment, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MemberDetail } from '@chatdr/contract';
import { MemberSwitcher } from '../family/MemberSwitcher';
import { idParam } from '../family/params';
import { useMembers } from '../family/queries';
import { Page } from '../../ui/Page';
import { Empty, LoadFailed, Loading } from '../../ui/States';

/**
 * The member a health screen is about: `?id=` (a member of the account), else the account holder.
 * The switcher keeps the other query parameters.
 */
export function useScopedMember() {
  const [params, setParams] = useSearchParams();
  const members = useMembers();
  const wanted = idParam(params.get('id'));
  const member: MemberDetail | undefined = members.data ? (members.data.find((m) => m.id === wanted) ?? members.data.find((m) => m.isSelf) ?? members.data[0]) : undefined;
  const switcher =
    members.data && member && members.data.length > 1 ? (
      <MemberSwitcher
        members={members.data}
        value={member.id}
        onChange={(id) => {
          const next = new URLSearchParams(params);
          next.set('id', String(id));
          setParams(next, { replace: true });
        }}
      />
    ) : null;
  return { members, member, switcher, params };
}

/**
 * A health screen about one member: while the members load, fail or are missing, the page with its
 * title shows that state; then the screen renders for the scoped member, mounted afresh when the
 * member changes.
 */
export function ScopedMemberPage({ title, testId, children }: { title: string; testId: string; children: (scope: { member: MemberDetail; members: MemberDetail[]; switcher: ReactNode }) => ReactNode }) {
  const { t } = useTranslation();
  const { members, member, switcher } = useScopedMember();
  if (members.data && member) return <Fragment key={member.id}>{children({ member, members: members.data, switcher })}</Fragment>;
  return (
    <Page title={title} testId={testId}>
      {members.isPending ? (
        <Loading page />
      ) : members.isError ? (
        <LoadFailed page onRetry={() => void members.refetch()} />
      ) : (
        <Empty page title={t('health.noMember')} />
      )}
    </Page>
  );
}
