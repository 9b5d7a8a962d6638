/** Search-engine properties of a record (spec §7 "Other"), a Connect resource of the community, not the webstore. */
import { SEO_PROPERTIES_TTL_MS } from "../cache.js";
import { type ClientCore, required, send } from "../core.js";
import { path } from "../http.js";
import type { JsonObject } from "../types/index.js";

export function seoApi(core: ClientCore) {
  return {
    /** Cached one hour: SEO properties change with content publishing, not with shopping. */
    async getSeoProperties(recordId: string, options: { fields?: string[] } = {}): Promise<JsonObject> {
      const communityId = required(core.communityId, "communityId option is required for SEO properties");
      required(recordId, "recordId is required");
      const fields = options.fields?.length ? options.fields : undefined;
      return core.caches.seoProperties.get(
        core.cacheKey("seo", communityId, recordId, fields?.join(",")),
        async () => ({
          value: await send<JsonObject>(core, {
            scope: "data",
            path: path`connect/communities/${communityId}/seo/properties/${recordId}`,
            query: { fields },
          }),
        }),
        { ttlMs: SEO_PROPERTIES_TTL_MS },
      );
    },
  };
}
