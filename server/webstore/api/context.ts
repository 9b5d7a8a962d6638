/** Application, session and account context (spec §7 "Context"). */
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

    async getManagedAccounts(options: { includeMyAccount?: boolean } = {}): Promise<ManagedAccount[]> {
      const data = await send<{ externalManagedAccounts?: RawManagedAccount[] }>(core, {
        path: "external-managed-accounts",
        query: { includeMyAccount: options.includeMyAccount },
      });
      return mapManagedAccounts(data?.externalManagedAccounts);
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
