/**
 * The agent domain as the pages see it: a person opening the payment link an agent made (handoff.server.ts). The
 * endpoint itself (endpoint.server.ts) is the /api/mcp route's.
 */
import type { ShopCore } from "~/shop/core.server";
import { payPath } from "~/lib/paths";
import { adoptHandoff, HANDOFF_PARAM, type HandoffSessionData } from "./handoff.server";

export interface AgentHandler {
  /**
   * The payment link's page was opened with a hand-off (`?handoff=` in `search`, the page's query): the browser
   * becomes the agent's guest for the link when the hand-off is good, and goes to the link's page without it either
   * way. Null: no hand-off in the URL.
   */
  handoff(cartId: string, search: URLSearchParams): Promise<Response> | null;
}

export function createAgentHandler(shop: ShopCore<HandoffSessionData>): AgentHandler {
  return {
    handoff(cartId, search) {
      const sealed = search.get(HANDOFF_PARAM);
      if (sealed === null) return null;
      adoptHandoff(shop.session, cartId, sealed, shop.context.storefront.sessionSecret);
      return shop.redirect(payPath(cartId));
    },
  };
}
