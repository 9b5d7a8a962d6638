-- Shipments of order summaries and the order lines each carried (Shipment, ShipmentItem; read by GET
-- order-summaries/{id}/shipments and shipments/{id}/items, 52.0). An org's fulfilment makes them after the order;
-- placing an order makes none. The demo store's come from fixtures/orders.json.

CREATE TABLE shipments (
  id TEXT PRIMARY KEY,
  order_summary_id TEXT NOT NULL REFERENCES order_summaries(id) ON DELETE CASCADE,
  -- The delivery group it fulfils (its delivery method: OrderDeliveryMethod fields).
  order_delivery_group_id TEXT NOT NULL REFERENCES order_delivery_groups(id) ON DELETE CASCADE,
  -- Shipment.ShipmentNumber: an auto number, unique in the org.
  shipment_number TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL CHECK (status IN ('Shipped', 'Delivered')),
  -- Shipment.Provider ("Shipping Provider"), TrackingNumber, TrackingUrl (NULL where none was given).
  provider TEXT,
  tracking_number TEXT,
  tracking_url TEXT CHECK (tracking_url IS NULL OR tracking_url LIKE 'https://%'),
  ship_to_name TEXT,
  -- Milliseconds on the emulator's clock; a delivered shipment has its actual delivery time.
  shipped_at INTEGER NOT NULL,
  expected_delivery_at INTEGER,
  actual_delivery_at INTEGER CHECK (actual_delivery_at IS NULL OR actual_delivery_at >= shipped_at),
  CHECK ((status = 'Delivered') = (actual_delivery_at IS NOT NULL))
);
CREATE INDEX shipments_order ON shipments(order_summary_id, shipment_number);

CREATE TABLE shipment_items (
  id TEXT PRIMARY KEY,
  shipment_id TEXT NOT NULL REFERENCES shipments(id) ON DELETE CASCADE,
  -- The order line shipped (ShipmentItem.OrderItemSummaryId) and how many of it.
  order_item_id TEXT NOT NULL REFERENCES order_items(id) ON DELETE CASCADE,
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  UNIQUE (shipment_id, order_item_id)
);
CREATE INDEX shipment_items_shipment ON shipment_items(shipment_id, id);
