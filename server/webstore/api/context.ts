/** Application, session and account context (spec §7 "Context"). */
import { createHash } from "node:crypto";
import {
  APPLICATION_CONTEXT_REFRESH_WITHIN_MS,
  APPLICATION_CONTEXT_TTL_MS,
  DEFAULT_TTL_MS,
  maxAgeMs,
} from "../cache.js";
import { mapManagedAccounts, normalizeSessionContext } from "../context.js";
import { type ClientCore, required, send } from "../core.js";
import { path } from "../http.js";
import type {
  ApplicationContext,
  EffectiveAccount,
  JsonObject,
  ManagedAccount,
  PersonalizationConfig,
  RawManagedAccount,
  RawSessionContext,
  SessionContext,
} from "../types/index.js";

export function contextApi(core: ClientCore) {
  return {
    /** Cached per webstore for the answer's max-age (else 300 s), refreshed in the background near expiry. */
    async getApplicationContext(): Promise<ApplicationContext> {
      return core.caches.applicationContext.get(
        core.cacheKey("application-context"),
        async () => {
          const { data, headers } = await core.http.request<ApplicationContext>({ path: "application-context" });
          return { value: data, ttlMs: maxAgeMs(headers) };
        },
        { ttlMs: APPLICATION_CONTEXT_TTL_MS, refreshWithinMs: APPLICATION_CONTEXT_REFRESH_WITHIN_MS },
      );
    },

    async getSessionContext(): Promise<SessionContext> {
      return normalizeSessionContext(await send<RawSessionContext>(core, { path: "session-context" }));
    },

    /** The same for every shopper of the store, so cached per webstore. */
    async getPersonalizationConfig(): Promise<PersonalizationConfig> {
      return core.caches.data.get(
        core.cacheKey("ai/configuration"),
        async () => ({ value: await send<PersonalizationConfig>(core, { path: "ai/configuration" }) }),
        { ttlMs: DEFAULT_TTL_MS },
      );
    },

    async getShopperAgentContext(): Promise<JsonObject> {
      return send(core, { path: "shopperAgent/context" });
    },

    /**
     * `reuse`: an answer read with the same token within MANAGED_ACCOUNTS_FRESH_MS serves (the account page's search
     * and paging); without it, the API is asked (what a buyer may act for, when it decides anything).
     */
    async getManagedAccounts(options: { includeMyAccount?: boolean; reuse?: boolean } = {}): Promise<ManagedAccount[]> {
      const read = async () => {
        const data = await send<{ externalManagedAccounts?: RawManagedAccount[] }>(core, {
          path: "external-managed-accounts",
          query: { includeMyAccount: options.includeMyAccount },
        });
        return mapManagedAccounts(data?.externalManagedAccounts);
      };
      if (!options.reuse || !core.accessToken) return read();
      // Keyed by a digest of the token: the cache holds no credential, and only the session that read it shares it.
      const token = createHash("sha256").update(core.accessToken).digest("base64url");
      const key = core.cacheKey("external-managed-accounts", token, String(options.includeMyAccount ?? false));
      // The same list for each of the session's requests within the freshness: callers read it, never change it.
      return core.caches.managedAccounts.get(key, read);
    },

    /** Fails with the HTTP status text (spec §8), e.g. 'Not Found' for an account the buyer does not manage. */
    async getEffectiveAccount(
      effectiveAccountId: string,
      options: { fields?: string[] } = {},
    ): Promise<EffectiveAccount> {
      required(effectiveAccountId, "'effectiveAccountId' param is required");
      const data = await send<JsonObject>(core, {
        path: path`effective-accounts/${effectiveAccountId}`,
        query: { fields: options.fields?.length ? options.fields : undefined },
        statusTextAsMessage: true,
      });
      return {
        id: String(data.accountId ?? data.id ?? effectiveAccountId),
        name: String(data.accountName ?? data.name ?? ""),
        ...(data.fields ? { fields: data.fields as Record<string, unknown> } : {}),
      };
    },
  };
}
