import { useMutation, useQuery } from '@tanstack/react-query';
import { ORDER_STATUS, routes } from '@chatdr/contract';
import { api } from '../../api';
import { queryClient } from '../../app/query-client';

export const pk = {
  records: ['pkg', 'records'] as const,
  members: ['pkg', 'members'] as const,
  orders: ['pkg', 'orders'] as const,
  order: (orderNo: string) => ['pkg', 'order', orderNo] as const,
};

/** ¥ from integer fen, without floating point. */
export const yuan = (fen: number) => `¥${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

export const usePackages = () => useQuery({ queryKey: pk.records, queryFn: ({ signal }) => api.call(routes.rehab.packageRecords, { body: {} }, { signal }) });
export const usePkgMembers = () => useQuery({ queryKey: pk.members, queryFn: ({ signal }) => api.call(routes.rehab.members, { body: {} }, { signal }) });
export const useOrders = () => useQuery({ queryKey: pk.orders, queryFn: ({ signal }) => api.call(routes.rehab.orderList, { body: { pageNum: 1, pageSize: 50 } }, { signal }) });

/** One order; while unpaid after a payment it is polled until the provider's notification lands. */
export function useOrder(orderNo: string, poll = false) {
  return useQuery({
    queryKey: pk.order(orderNo),
    queryFn: ({ signal }) => api.call(routes.rehab.orderQuery, { body: { orderNo } }, { signal }),
    enabled: orderNo !== '',
    refetchInterval: (q) => (poll && q.state.data?.status === ORDER_STATUS.created ? 1500 : false),
  });
}

const refresh = () => void queryClient.invalidateQueries({ queryKey: ['pkg'] });
export const useCreateOrder = () => useMutation({ mutationFn: (b: { packageId: number; userInfoId: number; idempotencyKey: string }) => api.call(routes.rehab.orderCreate, { body: b }), onSuccess: refresh });
export const usePayOrder = () => useMutation({ mutationFn: (orderNo: string) => api.call(routes.rehab.orderPay, { body: { orderNo } }), onSuccess: refresh });
export const useCancelOrder = () => useMutation({ mutationFn: (orderNo: string) => api.call(routes.rehab.orderCancel, { body: { orderNo } }), onSuccess: refresh });
export const useRefundOrder = () => useMutation({ mutationFn: (orderNo: string) => api.call(routes.rehab.orderRefund, { body: { orderNo } }), onSuccess: refresh });
