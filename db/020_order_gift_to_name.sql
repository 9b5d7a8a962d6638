-- Who a gift is for (the cart delivery group's giftToName, documented from 64.0), kept on the order's delivery group
-- so the order page can name the recipient after checkout. No documented OrderDeliveryGroupSummary field carries it:
-- the emulator serves it as GiftToName, marked emulator-only in docs/emulator-orders.md.
ALTER TABLE order_delivery_groups ADD COLUMN gift_to_name TEXT;
