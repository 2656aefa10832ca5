// Operator settings and the lookups they edit (migrations 0001, 0006).

export interface SettingsTable {
  key: string;
  value: string;
  updated_at: number;
}

export interface BanksTable {
  code: string;
  name_th: string;
  /** Lao and English names; null where the operator gave none (Thai is shown then). */
  name_la: string | null;
  name_en: string;
  /** TH or LA (migration 0022): registration offers the banks of its site's country. */
  country: string;
  sort: number;
}

export interface SourcesTable {
  code: string;
  description: string;
  description_la: string | null;
  description_en: string | null;
  sort: number;
}

export interface SettingsTables {
  settings: SettingsTable;
  banks: BanksTable;
  sources: SourcesTable;
}
