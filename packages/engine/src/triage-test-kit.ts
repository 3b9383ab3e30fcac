import { triage, type TriageMember, type TriageResult } from './triage.ts';

/**
 * What the triage tests share: a fixed clock (rules that read the date see the same day every run)
 * and short ways to build a member and read a result.
 */
export const NOW = new Date('2025-06-15T12:00:00+08:00');
export const m = (age: number, sex: 'M' | 'F' = 'M', over: Partial<TriageMember> = {}): TriageMember => ({ age, sex, pregnant: false, ...over });
export const kid = (age: number): TriageMember => ({ age, sex: 'M', pregnant: false, roleName: '孩子' });
export const tri = (text: string, member?: TriageMember): TriageResult => triage(text, member, NOW);
export const level = (text: string, member?: TriageMember): TriageResult['level'] => tri(text, member).level;
export const rules = (text: string, member?: TriageMember): string[] => tri(text, member).matched.map((r) => r.ruleId);
