-- Migration 0048_bank_statements, frozen: what it creates never changes once released (a change is a new migration).

-- Crediting from the deposit account's bank statement (issue 39): each file a finance clerk imported, and
-- each incoming line of it. A line is kept once per deposit account (its fingerprint: the bank's own words
-- for it, its time, amount and running balance): the same line in another file, or in an overlapping
-- range, is refused. A line ends CREDITED (to a member: by a waiting deposit request, by the sender's
-- account and name, or assigned by a clerk), LINKED (its transfer was already credited: a slip, a QR
-- payment, a confirmed request; match_ref names it, and names it once), WAITING (the money policy holds
-- its credit for a second person), UNMATCHED (the queue) or DISMISSED (with a reason).
create table "statement_imports" ("id" serial primary key, "bank" text not null, "account_no" text not null, "currency" text not null, "file_name" text not null, "file_sha256" text not null, "format" text not null check (format in ('csv', 'xlsx', 'html')), "first_at" bigint, "last_at" bigint, "incoming" integer not null, "refused" integer not null, "imported_by" text not null, "imported_at" bigint not null);

create table "statement_lines" ("id" serial primary key, "import_id" integer not null references "statement_imports" ("id"), "account_no" text not null, "fingerprint" text not null, "row_no" integer not null, "at" bigint not null, "amount" bigint not null check (amount > 0), "currency" text not null, "sender_bank" text, "sender_account" text, "sender_name" text, "description" text not null, "balance" bigint, "status" text not null check (status in ('CREDITED', 'LINKED', 'WAITING', 'UNMATCHED', 'DISMISSED')), "why" text, "match_kind" text, "match_ref" text, "member_id" integer references "members" ("id"), "candidates" text, "journal_id" integer references "journal" ("id"), "decided_by" text, "decided_at" bigint, "decision_reason" text);

create unique index "statement_lines_once_idx" on "statement_lines" ("account_no", "fingerprint");
-- a slip, a QR payment or a deposit request is the credit of one statement line at most
create unique index "statement_lines_match_once_idx" on "statement_lines" ("match_ref") where "status" in ('CREDITED', 'LINKED', 'WAITING');
create index "statement_lines_queue_idx" on "statement_lines" ("status", "id") where "status" in ('UNMATCHED', 'WAITING');
create index "statement_lines_member_idx" on "statement_lines" ("member_id");
create index "statement_lines_import_idx" on "statement_lines" ("import_id");
-- the same transfer exported again another way (another fingerprint), and a slip of a transfer a line credited: by amount and time
create index "statement_lines_amount_idx" on "statement_lines" ("account_no", "amount", "at");

-- a statement line looks for the credit its transfer may already have had: by amount and time
create index "slips_credited_amount_idx" on "slips" ("amount", "created_at") where "status" = 'SUCCESS';
create index "qr_payments_amount_idx" on "qr_payments" ("amount", "created_at");
create index "deposit_requests_amount_idx" on "deposit_requests" ("amount", "created_at");
-- the member whose account a statement shows only the end of ("X0052") is found by 0051's
-- members_bank_account_reversed (an account number is digits only: contract/account-rules.ts)
