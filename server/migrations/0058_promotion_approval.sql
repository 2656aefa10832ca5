-- Migration 0058_promotion_approval, frozen: what it creates never changes once released (a change is a new migration).

-- A promotion code puts up to its uses times its most per use within members' reach. Added by an admin (in production
-- always: `promotion add --as <admin>`), that reach is judged by the money policy as the admin's credit; past their
-- allowance the promotion is kept, not offered, until a second admin approves it. `waits_because` says why it waits
-- ('amount' or 'day', as a credit's), null once decided or for a promotion that never waited; `proposed_by` names who
-- added it (`cli:<username>`), null for one the demo's shell or an earlier release made.
alter table "promotions" add column "waits_because" text check ("waits_because" in ('amount', 'day'));
alter table "promotions" add column "proposed_by" text;
