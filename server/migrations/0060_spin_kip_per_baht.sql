-- Migration 0060_spin_kip_per_baht, frozen: what it creates never changes once released (a change is a new migration).

-- The kip-per-baht rate a spin's coupon was valued at (bonus.kipPerBaht then): a Lao-site member who holds baht
-- won its amount converted at that rate, so the coupon's label ({money:N} in their currency) is said at it too,
-- not at the rate of the day they look. Null for a spin of an earlier release (said at today's rate, as before).
alter table "spins" add column "kip_per_baht" integer check ("kip_per_baht" > 0);
