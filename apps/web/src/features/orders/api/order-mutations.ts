import type { OrderStatus } from '@pruefbuch/domain/rules/order-status';
import type { Order, OrderCreate, OrderUpdate } from '@pruefbuch/domain/schemas/order';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getSessionState } from '@/lib/session';
import { afterOrderChange } from './invalidate';
import { orderKeys } from './keys';

const path = (id: string) => `orders/${encodeURIComponent(id)}`;

/** POST orders: a new order (status CREATED). */
export const createOrder = (data: OrderCreate) => api.post<Order>('orders', data);

/** PUT orders/{id} with the __v it was read with; a stale one is a 409. */
export const updateOrder = ({ id, data }: { id: string; data: OrderUpdate }) => api.put<Order>(path(id), data);

/** POST orders/{id}/status: one step of the flow; 400 names the fields the step still needs. */
export const stepOrder = ({ id, to, __v }: { id: string; to: OrderStatus; __v: number }) =>
  api.post<Order>(`${path(id)}/status`, { to, __v });

/** POST orders/sendMailTransferDepartment: hands the order to another department and mails its users. */
export const transferOrder = async (body: { orderId: string; department: number; message?: string; __v: number }) =>
  (await api.post<{ order: Order; mailed: number }>('orders/sendMailTransferDepartment', body)).order;

/** POST orders/{id}/book: the inspection book from the door configuration, in the chosen folder. */
export const createOrderBook = ({ id, folder }: { id: string; folder: string | null }) =>
  api.post<{ bookId: string; unknownCodes: string[] }>(`${path(id)}/book`, { folder });

/** POST orders/fromOffer/{offerId}: 'In Auftragsabwicklung übernehmen'; the new order. */
export const orderFromOffer = (offerId: string) => api.post<Order>(`orders/fromOffer/${encodeURIComponent(offerId)}`);

/** DELETE orders/{id} (admins, only while CREATED). */
export const deleteOrder = (id: string) => api.delete(path(id));

function useOrderMutation<V>(fn: (v: V) => Promise<Order>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: (saved) => afterOrderChange(queryClient, saved) });
}

export const useCreateOrder = () => useOrderMutation(createOrder);
export const useUpdateOrder = () => useOrderMutation(updateOrder);
export const useStepOrder = () => useOrderMutation(stepOrder);
export const useTransferOrder = () => useOrderMutation(transferOrder);
export const useOrderFromOffer = () => useOrderMutation(orderFromOffer);

export function useCreateOrderBook() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createOrderBook, onSuccess: () => afterOrderChange(queryClient) });
}

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: orderKeys.detail(getSessionState().currentTenant, id) });
      afterOrderChange(queryClient);
    },
  });
}
