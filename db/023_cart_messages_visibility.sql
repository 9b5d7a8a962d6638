-- Whether a cart's messages are shown (Commerce Webstore Cart Messages, Set Visibility, 50.0: "Set the visibility for
-- cart messages"; ConnectApi.CartMessage `visible`: "whether the message is visible (true) or dismissed (false)").
-- A cart's change shows its messages again (carts/store.ts touchCart).
ALTER TABLE carts ADD COLUMN messages_visible INTEGER NOT NULL DEFAULT 1 CHECK (messages_visible IN (0, 1));
