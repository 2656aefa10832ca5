-- Migration 0004_withdrawal_destination, frozen: what it creates never changes once released (a change is a new migration).

alter table "withdrawals" add column "bank_code" text;

update withdrawals set "bank_code" = (select "members"."bank_code" from members where members.id = withdrawals.member_id);

alter table "withdrawals" add column "bank_account_no" text;

update withdrawals set "bank_account_no" = (select "members"."bank_account_no" from members where members.id = withdrawals.member_id);

alter table "withdrawals" add column "bank_account_name" text;

update withdrawals set "bank_account_name" = (select "members"."bank_account_name" from members where members.id = withdrawals.member_id);
