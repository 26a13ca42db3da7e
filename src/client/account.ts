// The account of the client's token (GET /account/details): who the service takes the caller for.
// One call checks a token and an address together.
import { ENDPOINTS, type AccountDetailsDocument } from '../contract';
import { endpointRequest } from './endpoint-request';
import type { Transport } from './transport';

export interface AccountDetails {
  id: string;
  username: string;
  email: string | null;
  /** True for the synthetic user behind an organization or team token. */
  isServiceAccount: boolean;
  /** What the token belongs to: the user itself, or an organization or team. */
  authenticatedResource?: { id: string; type: string };
  raw: AccountDetailsDocument['data'];
}

export class AccountApi {
  constructor(private readonly transport: Transport) {}

  async details(): Promise<AccountDetails> {
    const doc = await this.transport.call(endpointRequest('showAccountDetails', {}, { idempotent: true }), ENDPOINTS.showAccountDetails.answer);
    const data = doc.data;
    const authenticated = data.relationships?.['authenticated-resource']?.data;
    return {
      id: data.id,
      username: data.attributes.username,
      email: data.attributes.email ?? null,
      isServiceAccount: data.attributes['is-service-account'],
      ...(authenticated && !Array.isArray(authenticated) ? { authenticatedResource: { id: authenticated.id, type: authenticated.type } } : {}),
      raw: data,
    };
  }
}
