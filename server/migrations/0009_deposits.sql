-- Migration 0009_deposits, frozen: what it creates never changes once released (a change is a new migration).

create table "qrcodes" ("id" serial primary key, "ref" text not null unique, "member_id" integer not null references "members" ("id"), "provider" text not null, "amount" bigint not null, "currency" text not null, "status" text not null, "payload" text, "idempotency_key" text, "created_at" bigint not null, "expires_at" bigint not null, "closed_at" bigint, constraint "qrcodes_amount_check" check (amount > 0));

create index "qrcodes_member_idx" on "qrcodes" ("member_id", "status");

create unique index "qrcodes_one_open" on "qrcodes" ("member_id") where "status" = 'OPEN';

create table "qr_payments" ("id" serial primary key, "gateway_txn_id" text not null unique, "provider" text not null, "ref" text not null, "amount" bigint not null, "qrcode_id" integer references "qrcodes" ("id"), "member_id" integer references "members" ("id"), "status" text not null, "reason" text, "journal_id" integer references "journal" ("id"), "created_at" bigint not null);

create table "truelink_redemptions" ("id" serial primary key, "member_id" integer not null references "members" ("id"), "voucher" text not null, "amount" bigint not null, "currency" text not null, "status" text not null, "journal_id" integer references "journal" ("id"), "idempotency_key" text, "created_at" bigint not null, "resolved_at" bigint);

create unique index "truelink_one_voucher" on "truelink_redemptions" ("voucher") where "status" != 'FAILED';

create index "truelink_open" on "truelink_redemptions" ("status");

create table "deposit_requests" ("id" serial primary key, "member_id" integer not null references "members" ("id"), "amount" bigint not null, "currency" text not null, "status" text not null, "journal_id" integer not null references "journal" ("id"), "created_at" bigint not null, "settled_at" bigint);

create unique index "deposit_requests_one_pending" on "deposit_requests" ("member_id") where "status" = 'PENDING';

create table "sandbox_gateway_codes" ("ref" text primary key, "provider" text not null, "amount" bigint not null, "currency" text not null, "payload" text not null, "state" text not null, "created_at" bigint not null);

create table "sandbox_vouchers" ("code" text primary key, "amount" bigint not null, "redeemed_ref" text, "created_at" bigint not null, "expires_at" bigint not null);
