import type { Order } from '@pruefbuch/domain/schemas/order';
import { useTranslation } from 'react-i18next';
import { ProtocolTable } from '@/components/ui/protocol-table';
import { useCountries } from '@/lib/countries';
import { useOrderProtocol } from '../api/get-order-protocol';

/**
 * The protocol of an order: every change with old and new value, date and editor. The book made from the order
 * and the offer it came from read as words, not as ids.
 */
export function OrderProtocol({ order }: { order: Pick<Order, '_id' | 'bookId' | 'offerId' | 'offerNr'> }) {
  const { t } = useTranslation();
  const protocol = useOrderProtocol(order._id);
  const countries = useCountries();
  const refs = {
    book: new Map(order.bookId ? [[order.bookId, t('orders.protocol.book')]] : []),
    offer: new Map(
      order.offerId
        ? [
            [
              order.offerId,
              order.offerNr ? t('orders.protocol.offer', { nr: order.offerNr }) : t('orders.protocol.offerNoNr'),
            ],
          ]
        : [],
    ),
  };
  return (
    <ProtocolTable
      entity="order"
      query={protocol}
      lookups={{ countries: countries.data ?? [], intervalLabel: String, refs }}
    />
  );
}
