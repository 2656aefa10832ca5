-- Migration 0045_go_live_test_codes, frozen: what it creates never changes once released (a change is a new migration).

-- Test QR codes an admin makes from the console's go-live list (issue 37): a real charge of the payment
-- gateway, paid from a staff member's own banking app, to see the whole way a payment comes in. No
-- member's: its payment is kept unmatched (reason TEST_PAYMENT) for finance to refund or attach, never
-- credited by itself.
create table "go_live_test_codes" ("ref" text primary key, "provider" text not null, "amount" bigint not null check (amount > 0), "made_by" text not null, "created_at" bigint not null);
