import { LIMITS } from '@chatdr/contract';

/**
 * Selection mode (chat-core §5): at most 15 messages; the 16th is refused with 最多选择15条.
 * Returns the new selection and whether the tap was refused.
 */
export function toggleSelection(selected: readonly number[], id: number, max: number = LIMITS.selectionMax): { selected: number[]; refused: boolean } {
  if (selected.includes(id)) return { selected: selected.filter((x) => x !== id), refused: false };
  if (selected.length >= max) return { selected: [...selected], refused: true };
  return { selected: [...selected, id], refused: false };
}
