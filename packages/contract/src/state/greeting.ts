export type DayPart = 'morning' | 'noon' | 'afternoon' | 'evening';

/** Greeting by hour (chat-core §1): 6–12 morning, 12–14 noon, 14–18 afternoon, otherwise evening. */
export function dayPartOf(hour: number): DayPart {
  if (hour >= 6 && hour < 12) return 'morning';
  if (hour >= 12 && hour < 14) return 'noon';
  if (hour >= 14 && hour < 18) return 'afternoon';
  return 'evening';
}

export const DAY_PART_ZH: Record<DayPart, string> = { morning: '上午', noon: '中午', afternoon: '下午', evening: '晚上' };
