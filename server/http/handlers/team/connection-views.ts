import type { components } from '../../../../generated/team/schema.js';
import { externalUserIdFor, resourceAvailabilityFor } from '../../../domain/connections/rules.js';
import { connectionStatusView } from '../../../domain/connections/status.js';
import { findProvider } from '../../../domain/providers/catalog.js';
import type { ConnectionRecord } from '../../../storage/repositories/connections.js';

type ProviderWithStatus = components['schemas']['ProviderWithStatus'];

/** A stored connection as the connection lists and the sandbox's simulate_error show it (ProviderWithStatus). */
export function providerWithStatus(connection: ConnectionRecord): ProviderWithStatus {
  const provider = findProvider(connection.provider);
  return {
    name: provider?.name ?? connection.provider,
    slug: connection.provider,
    logo: provider?.logo ?? '',
    created_on: connection.created_on,
    ...connectionStatusView(connection),
    external_user_id: connection.external_user_id ?? (provider ? externalUserIdFor(connection.user_id, provider) : null),
    resource_availability: provider ? resourceAvailabilityFor(provider) : {},
  };
}
