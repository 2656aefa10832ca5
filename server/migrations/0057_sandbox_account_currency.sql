-- Migration 0057_sandbox_account_currency, frozen: what it creates never changes once released (a change is a new migration).

-- The sandbox provider keeps each game account's currency, as the wallet names it when it opens the account (the
-- provider protocol's `open`): its game page shows a kip player's 60,000 kip as 60,000, not as 600.00 baht, and
-- takes stakes in kip. An account opened before takes its member's currency, through the wallet's game accounts.
alter table "sandbox_game_accounts" add column "currency" text not null default 'BAHT' check ("currency" in ('BAHT', 'LAK'));
update "sandbox_game_accounts" s set "currency" = m."currency"
  from "game_accounts" g join "members" m on m."id" = g."member_id"
  where g."provider" = s."provider" and g."username" = s."username" and m."currency" = 'LAK';
