import { ProtocolTable } from '@/components/ui/protocol-table';
import { useCountries } from '@/lib/countries';
import { useOrderProtocol } from '../api/get-order-protocol';

/** The protocol of an order: every change with old and new value, date and editor. */
export function OrderProtocol({ id }: { id: string }) {
  const protocol = useOrderProtocol(id);
  const countries = useCountries();
  return (
    <ProtocolTable
      entity="order"
      query={protocol}
      lookups={{ countries: countries.data ?? [], intervalLabel: String, refs: {} }}
    />
  );
}
