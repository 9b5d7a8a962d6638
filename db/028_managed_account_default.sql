-- A buyer's default account, read on every request that names none (core/context.ts effectiveAccountId): one index
-- entry, where the primary key (user_id, account_id) walked every account the buyer manages (200 at the account
-- switcher's ceiling).
CREATE INDEX managed_accounts_default ON managed_accounts(user_id, is_default);
