/** The delivery step's form: the server's rules and the browser's instant feedback are the same schema. */
import { z } from "zod";
import { DELIVERY_TEXT_MAX } from "~/checkout/model/shipments";
import { builtOncePerOptions, date, optionalText, requiredText } from "~/lib/validation";

/** Each shipment's method, desired date (not before `minDate`), instructions and gift options. */
function buildDeliverySchema(minDate: string) {
  return z.object({
    shipments: z
      .array(
        z.object({
          groupId: requiredText(),
          deliveryMethodId: requiredText(),
          desiredDeliveryDate: date({ min: minDate, required: false }),
          shippingInstructions: optionalText({ max: DELIVERY_TEXT_MAX }),
          isGift: z.boolean().optional(),
          giftToName: optionalText({ max: DELIVERY_TEXT_MAX }),
          giftMessage: optionalText({ max: DELIVERY_TEXT_MAX }),
          giftWrap: z.boolean().optional(),
        }),
      )
      .min(1),
  });
}
export const deliverySchema = /* @__PURE__ */ builtOncePerOptions(buildDeliverySchema);

export type DeliveryValues = z.output<ReturnType<typeof deliverySchema>>;
