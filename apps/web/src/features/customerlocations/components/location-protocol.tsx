import { ProtocolTable } from '@/components/ui/protocol-table';
import { useCountries } from '@/lib/countries';
import { useLocationProtocol } from '../api/get-location-protocol';

/** The protocol of a location (office roles): every change with old and new value, date and editor. A location has no interval fields. */
export function LocationProtocol({ id }: { id: string }) {
  const protocol = useLocationProtocol(id);
  const countries = useCountries();
  return (
    <ProtocolTable
      entity="customerlocation"
      query={protocol}
      lookups={{ countries: countries.data ?? [], intervalLabel: String, refs: {} }}
    />
  );
}
