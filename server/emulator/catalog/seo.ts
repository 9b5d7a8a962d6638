import { catalogStore, firstWebstore } from "./store.js";
import { notFound } from "../core/errors.js";
import { json } from "../core/http.js";
import { actableAccounts } from "../orders/access.js";
import { orderReader } from "../orders/store.js";
import { API_VERSION, type Router } from "../core/router.js";
import type { Emu, EmulatorModule } from "../core/state.js";

/**
 * Search-engine properties of a record (spec §7 "Other"): GET /services/data/v65.0/connect/communities/{communityId}/
 * seo/properties/{recordId}?fields= → {recordId, title, description, keywords, imageUrl}. Nothing public documents
 * the shape; this is the emulator's reading of it. The emulator serves one community, so any community id is accepted.
 *
 * Orders: the title is "Order {orderNumber}" and nothing private. An 8-digit order number is answered with its own
 * number whether or not such an order exists (echoing the caller's input leaks nothing); an order summary id only
 * to a buyer who may read that order, everyone else gets the same 404 as for an unknown id. So this resource can't
 * be used to probe which orders exist.
 */

export interface SeoProperties {
  recordId: string;
  title: string;
  description: string | null;
  keywords: string | null;
  imageUrl: string | null;
}

const SEO_FIELDS = ["title", "description", "keywords", "imageUrl"] as const;
const ORDER_NUMBER = /^\d{8}$/;

function orderProperties(recordId: string, orderNumber: string): SeoProperties {
  return {
    recordId,
    title: `Order ${orderNumber}`,
    description: "Order details and shipment status.",
    keywords: null,
    imageUrl: null,
  };
}

function describe(description: string): string {
  return description.length > 160 ? `${description.slice(0, 157)}...` : description;
}

export function seoRoutes(r: Router, emu: Emu) {
  r.raw(
    "GET",
    `/services/data/${API_VERSION}/connect/communities/:communityId/seo/properties/:recordId`,
    (ctx) => {
      const recordId = ctx.params.recordId;
      const catalog = catalogStore(emu);
      let props: SeoProperties | null = null;

      if (ORDER_NUMBER.test(recordId)) {
        props = orderProperties(recordId, recordId);
      } else if (recordId.startsWith("1Os")) {
        const user = ctx.user;
        const store = firstWebstore(emu);
        const order = orderReader(emu).find(store?.id ?? "", recordId);
        const readable =
          !!user && !!order && order.account_id !== null && actableAccounts(emu, user).has(order.account_id);
        if (readable) props = orderProperties(recordId, order!.order_number);
      } else if (recordId.startsWith("01t")) {
        const p = catalog.product(recordId.slice(0, 15));
        if (p) {
          const path = catalog.categoryPath(p.category_id).map((c) => c.name);
          props = {
            recordId,
            title: p.name,
            description: describe(p.description),
            keywords: [p.sku, ...path].join(", "),
            imageUrl: p.image_url,
          };
        }
      } else if (recordId.startsWith("0ZG")) {
        const c = catalog.category(recordId.slice(0, 15));
        if (c)
          props = { recordId, title: c.name, description: describe(c.description), keywords: c.name, imageUrl: null };
      }
      if (!props) throw notFound();

      const wanted = (ctx.query.get("fields") ?? "")
        .split(",")
        .map((f) => f.trim())
        .filter((f) => (SEO_FIELDS as readonly string[]).includes(f));
      if (!wanted.length) return json(props);
      return json({
        recordId,
        ...Object.fromEntries(wanted.map((f) => [f, props![f as (typeof SEO_FIELDS)[number]]])),
      });
    },
    { authenticated: true },
  );
}

export const seoModule: EmulatorModule = { name: "seo", routes: seoRoutes };
