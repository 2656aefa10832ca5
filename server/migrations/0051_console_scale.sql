-- Migration 0051_console_scale, frozen: what it creates never changes once released (a change is a new migration).

-- The console's member search and dashboard counts at 100,000 members (issue 39): each reads an index,
-- never the whole table (server/test/console-scale.test.ts, npm run bench:console).

-- A name contains the words searched for (any case): trigrams. pg_trgm is a trusted contrib extension
-- (the embedded server's binaries and Debian's postgresql-15 both ship it): the database's owner may add
-- it. It lives in public, whatever schema the wallet's tables are in, so every schema names its operator
-- class the same way.
create extension if not exists pg_trgm with schema public;
-- pg_trgm takes only letters its database's locale knows for letters: the embedded server's cluster is
-- made without a locale (C), where Thai and Lao are no letters and a Thai name gives no trigram at all.
-- The index reads a key instead: the name in lower case with each Thai or Lao character (U+0E00 to
-- U+0EFF) written as an ASCII letter or digit, which every locale reads as one (36 of them for 256
-- characters: a key matches more names than the name does). The search compares the keys through the
-- index, then the names themselves.
create function "wallet_search_key"(t text) returns text language sql immutable strict parallel safe as $$
  select translate(lower(t),
    U&'\0E00\0E01\0E02\0E03\0E04\0E05\0E06\0E07\0E08\0E09\0E0A\0E0B\0E0C\0E0D\0E0E\0E0F\0E10\0E11\0E12\0E13\0E14\0E15\0E16\0E17\0E18\0E19\0E1A\0E1B\0E1C\0E1D\0E1E\0E1F\0E20\0E21\0E22\0E23\0E24\0E25\0E26\0E27\0E28\0E29\0E2A\0E2B\0E2C\0E2D\0E2E\0E2F\0E30\0E31\0E32\0E33\0E34\0E35\0E36\0E37\0E38\0E39\0E3A\0E3B\0E3C\0E3D\0E3E\0E3F\0E40\0E41\0E42\0E43\0E44\0E45\0E46\0E47\0E48\0E49\0E4A\0E4B\0E4C\0E4D\0E4E\0E4F\0E50\0E51\0E52\0E53\0E54\0E55\0E56\0E57\0E58\0E59\0E5A\0E5B\0E5C\0E5D\0E5E\0E5F\0E60\0E61\0E62\0E63\0E64\0E65\0E66\0E67\0E68\0E69\0E6A\0E6B\0E6C\0E6D\0E6E\0E6F\0E70\0E71\0E72\0E73\0E74\0E75\0E76\0E77\0E78\0E79\0E7A\0E7B\0E7C\0E7D\0E7E\0E7F\0E80\0E81\0E82\0E83\0E84\0E85\0E86\0E87\0E88\0E89\0E8A\0E8B\0E8C\0E8D\0E8E\0E8F\0E90\0E91\0E92\0E93\0E94\0E95\0E96\0E97\0E98\0E99\0E9A\0E9B\0E9C\0E9D\0E9E\0E9F\0EA0\0EA1\0EA2\0EA3\0EA4\0EA5\0EA6\0EA7\0EA8\0EA9\0EAA\0EAB\0EAC\0EAD\0EAE\0EAF\0EB0\0EB1\0EB2\0EB3\0EB4\0EB5\0EB6\0EB7\0EB8\0EB9\0EBA\0EBB\0EBC\0EBD\0EBE\0EBF\0EC0\0EC1\0EC2\0EC3\0EC4\0EC5\0EC6\0EC7\0EC8\0EC9\0ECA\0ECB\0ECC\0ECD\0ECE\0ECF\0ED0\0ED1\0ED2\0ED3\0ED4\0ED5\0ED6\0ED7\0ED8\0ED9\0EDA\0EDB\0EDC\0EDD\0EDE\0EDF\0EE0\0EE1\0EE2\0EE3\0EE4\0EE5\0EE6\0EE7\0EE8\0EE9\0EEA\0EEB\0EEC\0EED\0EEE\0EEF\0EF0\0EF1\0EF2\0EF3\0EF4\0EF5\0EF6\0EF7\0EF8\0EF9\0EFA\0EFB\0EFC\0EFD\0EFE\0EFF',
    'abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789abcd')
$$;
create index "members_name_trgm" on "members" using gin ("wallet_search_key"("name") public.gin_trgm_ops);
-- a name searched by one or two letters: its start (trigrams need three)
create index "members_name_prefix" on "members" (lower("name") text_pattern_ops);
-- a phone's start, whatever the database's collation (the unique index cannot answer LIKE outside C)
create index "members_phone_prefix" on "members" ("phone" text_pattern_ops);
-- a bank account number, whole or its end: the number reversed, read by its start
create index "members_bank_account_reversed" on "members" (reverse("bank_account_no") text_pattern_ops);

-- the dashboard's count of payments no deposit request matched: 0050's qr_payments_unmatched answers it;
-- and of withdrawals waiting, deposit requests waiting and slips in review: the partial unique indexes
-- on PENDING and slips_due_idx already answer them

-- a member's page: their latest withdrawals and their conversation
create index "withdrawals_member_idx" on "withdrawals" ("member_id", "id");
create index "chat_rooms_member_idx" on "chat_rooms" ("member_id");

-- 0024 and 0030 made the same index twice
drop index "chat_rooms_quiet_idx";
