/**
 * Role logic of chat-core §4: the preset role (whose profile the replies use) and the current
 * role (who is being consulted about).
 */

export interface RoleMember {
  id: number;
  isDefault: number;
  isSelf?: boolean;
}

export interface RoleState {
  /** Member whose profile replies use; null = "not combined with profile" (不结合档案). */
  presetRoleId: number | null;
  /** Member being consulted about in the current chat session. */
  currentRoleId: number | null;
  /** The user confirmed the 不结合档案 dialog once; remembered. */
  notCombinedConfirmed: boolean;
}

/** The preset role defaults to the member flagged default, else the user (self). */
export function defaultPresetRole(members: readonly RoleMember[]): number | null {
  return (members.find((m) => m.isDefault === 1) ?? members.find((m) => m.isSelf) ?? members[0])?.id ?? null;
}

export interface MembersChangedEffect {
  state: RoleState;
  /** The current role vanished: clear every socket and start a new chat session. */
  clearSockets: boolean;
  newSession: boolean;
}

/**
 * The member list changed. A preset role that no longer exists resets to the default; a current
 * role that vanished clears the sockets, starts a new session and resets the roles.
 */
export function onMembersChanged(state: RoleState, members: readonly RoleMember[]): MembersChangedEffect {
  const ids = new Set(members.map((m) => m.id));
  const fallback = defaultPresetRole(members);
  const currentGone = state.currentRoleId !== null && !ids.has(state.currentRoleId);
  if (currentGone) {
    return { state: { ...state, presetRoleId: fallback, currentRoleId: fallback }, clearSockets: true, newSession: true };
  }
  const presetGone = state.presetRoleId !== null && !ids.has(state.presetRoleId);
  return { state: presetGone ? { ...state, presetRoleId: fallback } : state, clearSockets: false, newSession: false };
}

/**
 * The user clears the preset role (replies not combined with any profile). The confirm dialog
 * (title 不结合档案, message, 确定) shows unless already confirmed or logged out.
 */
export function clearPresetRole(state: RoleState, loggedIn: boolean): { state: RoleState; showConfirm: boolean } {
  const showConfirm = loggedIn && !state.notCombinedConfirmed;
  return { state: { ...state, presetRoleId: null }, showConfirm };
}

/** The user confirmed the dialog: remembered so it does not show again. */
export const confirmNotCombined = (state: RoleState): RoleState => ({ ...state, notCombinedConfirmed: true });

/** The message of the 不结合档案 dialog (chat-core §4). */
export const NOT_COMBINED_MESSAGE = '晓医将不结合任何家庭成员的档案进行回复，相关健康数据也将无法按成员自动归档。';
