-- Migration 0033_transit_stripes_after_upgrade, frozen: what it creates never changes once released (a change is a new migration).

insert into settings (key, value, updated_at)
          select 'transitStripes', '1', (extract(epoch from clock_timestamp()) * 1000)::bigint where exists (select 1 from settings)
          on conflict (key) do nothing;
