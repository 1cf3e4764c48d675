import { ProtocolTable } from '@/components/ui/protocol-table';
import { useCountries } from '@/lib/countries';
import { userLabel } from '@/lib/user-options';
import { useOfferProtocol } from '../api/get-offer-protocol';
import type { OfferUser } from '../api/get-offer-users';

/** The protocol of an offer: every change with old and new value, date and editor; users by name. */
export function OfferProtocol({ id, users }: { id: string; users: readonly OfferUser[] }) {
  const protocol = useOfferProtocol(id);
  const countries = useCountries();
  return (
    <ProtocolTable
      entity="offer"
      query={protocol}
      lookups={{
        countries: countries.data ?? [],
        intervalLabel: String,
        refs: { user: new Map(users.map((u) => [u._id, userLabel(u)])) },
      }}
    />
  );
}
