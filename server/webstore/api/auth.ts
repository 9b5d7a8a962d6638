/** OAuth 2.0 username-password login against the org's (or the emulator's) token endpoint. */
import type { ClientCore } from '../core.js';

/** Salesforce's token answer. */
interface TokenResponse {
  access_token: string;
  instance_url: string;
  /** Identity URL ending in the user id: https://host/id/{orgId}/{userId}. */
  id: string;
  token_type: string;
  issued_at: string;
  signature?: string;
}

export interface LoginResult {
  accessToken: string;
  instanceUrl: string;
  /** Epoch ms, as the token endpoint reports it. */
  issuedAt: number;
  userId: string;
}

export function authApi(core: ClientCore) {
  return {
    /** A wrong username or password fails with FetchError code `invalid_grant`, message 'authentication failure'. */
    async login(username: string, password: string): Promise<LoginResult> {
      const { tokenUrl, clientId, clientSecret } = core.oauth;
      const fields: Record<string, string> = { grant_type: 'password', username, password };
      if (clientId) fields.client_id = clientId;
      if (clientSecret) fields.client_secret = clientSecret;
      const { data } = await core.http.postForm<TokenResponse>(tokenUrl, fields);
      return {
        accessToken: data.access_token,
        instanceUrl: data.instance_url,
        issuedAt: Number(data.issued_at),
        userId: data.id.split('/').filter(Boolean).pop() ?? '',
      };
    },
  };
}
