/** Cart delivery groups, i.e. split shipments (spec §7 "Delivery groups"). */
import type { Async } from "../async-wait.js";
import { type ClientCore, pageSizeInRange, required, send, sendAsync } from "../core.js";
import { path } from "../http.js";
import type { DeliveryGroup, DeliveryGroupCollection, JsonObject } from "../types/index.js";

/** Spec §9. */
export const DELIVERY_GROUP_LIMIT = 20;
/** The groups list is only a summary; items are read from cart-items. */
export const DELIVERY_GROUP_CART_ITEM_LIMIT = 0;

export interface DeliveryGroupInput {
  name?: string;
  deliveryAddress?: JsonObject;
  deliveryMethodId?: string;
  desiredDeliveryDate?: string;
  shippingInstructions?: string;
  isGift?: boolean;
  giftMessage?: string;
  giftToName?: string;
}

export interface ItemArrangement {
  cartItemId?: string;
  productId?: string;
  deliveryGroupId?: string;
  deliveryGroupName?: string;
  deliveryAddress?: JsonObject;
  deliveryAddressId?: string;
  quantity: number | string;
}

/** Spec §4: empty groups are not shown, and one group is always the default. */
export function normalizeDeliveryGroups<T extends Pick<DeliveryGroup, "isDefault" | "totalCartItemCount">>(
  groups: readonly T[],
): T[] {
  const kept = groups.filter((g) => Number(g.totalCartItemCount ?? 0) > 0);
  if (kept.length === 0 || kept.some((g) => g.isDefault)) return kept;
  return [{ ...kept[0], isDefault: true }, ...kept.slice(1)];
}

const cart = (cartStateOrId: string) => required(cartStateOrId, "cartStateOrId is required");

export function deliveryGroupsApi(core: ClientCore) {
  return {
    /** Groups normalised per spec §4 (empty groups dropped, a default guaranteed). */
    async getDeliveryGroups(
      cartStateOrId: string,
      options: { page?: string; pageSize?: number; cartItemLimit?: number } = {},
    ): Promise<DeliveryGroupCollection> {
      const data = await send<DeliveryGroupCollection>(core, {
        path: path`carts/${cart(cartStateOrId)}/delivery-groups`,
        query: {
          pageSize: pageSizeInRange(options.pageSize) ?? DELIVERY_GROUP_LIMIT,
          cartItemLimit: options.cartItemLimit ?? DELIVERY_GROUP_CART_ITEM_LIMIT,
          page: options.page,
        },
      });
      return { ...data, items: normalizeDeliveryGroups(data.items ?? []) };
    },

    /** Spec §5: fails with 'options required' without options or without their deliveryGroupId. */
    async getDeliveryGroup(
      cartStateOrId: string,
      options: { deliveryGroupId: string; cartItemLimit?: number } | undefined,
    ): Promise<DeliveryGroup> {
      const deliveryGroupId = required(options?.deliveryGroupId, "options required");
      return send(core, {
        path: path`carts/${cart(cartStateOrId)}/delivery-groups/${deliveryGroupId}`,
        query: { cartItemLimit: options?.cartItemLimit },
      });
    },

    async createDeliveryGroup(cartStateOrId: string, input: DeliveryGroupInput): Promise<DeliveryGroup> {
      return send(core, { method: "POST", path: path`carts/${cart(cartStateOrId)}/delivery-groups`, body: input });
    },

    async updateDeliveryGroup(
      cartStateOrId: string,
      deliveryGroupId: string,
      input: DeliveryGroupInput,
    ): Promise<DeliveryGroup> {
      return send(core, {
        method: "PATCH",
        path: path`carts/${cart(cartStateOrId)}/delivery-groups/${required(deliveryGroupId, "deliveryGroupId is required")}`,
        body: input,
      });
    },

    /** 204 when done; 202 (processing) when the API cleans up the group's items asynchronously. */
    async deleteDeliveryGroup(
      cartStateOrId: string,
      deliveryGroupId: string,
      options: { deleteCartItems?: boolean } = {},
    ): Promise<Async<null>> {
      return sendAsync(core, {
        method: "DELETE",
        path: path`carts/${cart(cartStateOrId)}/delivery-groups/${required(deliveryGroupId, "deliveryGroupId is required")}`,
        query: { deleteCartItems: options.deleteCartItems },
      });
    },

    /** Moves items between groups; the API answers 202 (processing) while it rearranges. */
    async arrangeItems(
      cartStateOrId: string,
      arrangements: readonly ItemArrangement[],
      options: { deleteEmptyDeliveryGroups?: boolean } = {},
    ): Promise<Async<DeliveryGroupCollection>> {
      return sendAsync(core, {
        method: "POST",
        path: path`carts/${cart(cartStateOrId)}/delivery-groups/actions/arrange-items`,
        query: { deleteEmptyDeliveryGroups: options.deleteEmptyDeliveryGroups },
        body: { arrangements: arrangements.map((a) => ({ ...a, quantity: String(a.quantity) })) },
      });
    },
  };
}
