import { SELF_ROLE, type AccountInfo, type Member } from '@chatdr/contract';

/**
 * The family as shown: the self member (本人) first, then the others in the server's order.
 * The account info is itself the self member; it is added when the members list lacks it.
 */
export function familyOf(account: AccountInfo): Member[] {
  const self: Member = {
    id: account.id,
    userId: account.userId,
    name: account.name,
    age: account.age,
    sex: account.sex,
    roleName: account.roleName || SELF_ROLE.roleName,
    roleCode: SELF_ROLE.roleCode,
    roleTag: account.roleTag,
    isDefault: account.isDefault,
    birthDate: null,
    height: null,
    weight: null,
  };
  const listedSelf = account.members.find((m) => m.id === account.id || m.roleCode === SELF_ROLE.roleCode);
  const others = account.members.filter((m) => m !== listedSelf);
  return [listedSelf ? { ...listedSelf, roleCode: SELF_ROLE.roleCode } : self, ...others];
}
