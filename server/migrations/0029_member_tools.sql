-- Migration 0029_member_tools, frozen: what it creates never changes once released (a change is a new migration).

alter table member_bonuses drop constraint member_bonuses_reason_check;

alter table member_bonuses add constraint member_bonuses_reason_check check (finish_reason is null or finish_reason in ('TURNOVER', 'CLEAR', 'STAFF'));

alter table "member_bonuses" add column "ended_by" text;

alter table "sessions" add column "user_agent" text;

alter table "sessions" add column "ip" text;
