import { useQuery } from '@tanstack/react-query';
import { routes } from '@chatdr/contract';
import { api } from '../../api';
import s from './unread.module.css';

/** The message centre's unread count (the 我的 tab's badge): a one-item page, unread totals included. */
export function useUnreadMessages(enabled: boolean): number {
  const q = useQuery({ queryKey: ['message', 'list', 'badge'], queryFn: ({ signal }) => api.call(routes.system.messageList, { body: { pageNum: 1, pageSize: 1 } }, { signal, hideMsg: true }), enabled });
  return enabled ? (q.data?.unread ?? 0) : 0;
}

export function UnreadBadge({ count, testId }: { count: number; testId?: string }) {
  if (count <= 0) return null;
  return (
    <span className={s.badge} data-testid={testId}>
      {count > 99 ? '99+' : count}
    </span>
  );
}
