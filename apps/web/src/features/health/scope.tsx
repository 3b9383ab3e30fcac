import { useSearchParams } from 'react-router';
import type { MemberDetail } from '@chatdr/contract';
import { MemberSwitcher } from '../family/MemberSwitcher';
import { idParam } from '../family/params';
import { useMembers } from '../family/queries';

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
