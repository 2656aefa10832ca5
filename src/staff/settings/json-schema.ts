/** What the console reads of a setting's JSON Schema (the registry's TypeBox schema, as GET /api/staff/settings sends it). */
export interface JsonSchema {
  type?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  patternProperties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  maxLength?: number;
}

/** How a value is edited: a control of its own for the simple shapes, a JSON text for the rest (the server checks it). */
export type Shape = 'boolean' | 'number' | 'string' | 'enum' | 'localized' | 'object' | 'json';

/** The registry's LocalizedText: one string for everyone, or {th, la?, en?}. */
export const isLocalized = (s: JsonSchema) =>
  s.anyOf?.length === 2 &&
  s.anyOf.some((a) => a.type === 'string' && a.const === undefined) &&
  s.anyOf.some((a) => a.type === 'object' && a.properties?.th !== undefined);

export function shapeOf(s: JsonSchema): Shape {
  if (s.anyOf?.length && s.anyOf.every((a) => a.const !== undefined)) return 'enum';
  if (isLocalized(s)) return 'localized';
  if (s.type === 'boolean') return 'boolean';
  if (s.type === 'number' || s.type === 'integer') return 'number';
  if (s.type === 'string' && s.const === undefined) return 'string';
  if (s.type === 'object' && s.properties && !s.patternProperties) return 'object';
  return 'json';
}

export type Lang = 'th' | 'la' | 'en';
export const LANGS: readonly Lang[] = ['th', 'la', 'en'];
export type Localized = string | { th: string; la?: string; en?: string };

/** The text a member reading `lang` sees (the server's inLanguage): Thai where the operator gave none. */
export const inLanguage = (text: Localized, lang: Lang): string => (typeof text === 'string' ? text : (text[lang] ?? text.th));

/**
 * Settings whose member-facing text the member site renders as HTML through SafeHtml (the notice, conditions,
 * agreements, contact text, the programmes' banners and refund info); elsewhere (how-to titles, chat) as text.
 */
export const HTML_SETTINGS: ReadonlySet<string> = new Set(['notice', 'conditions', 'agreements', 'contact', 'invite', 'refund']);

/** Every member-facing text in a value: the LocalizedText in it, and strings the schema calls HTML, with where they are. */
export function memberTexts(schema: JsonSchema, value: unknown, path = ''): { path: string; text: Localized }[] {
  if (value === undefined || value === null) return [];
  if (isLocalized(schema) && (typeof value === 'string' || (typeof value === 'object' && 'th' in value)))
    return [{ path, text: value as Localized }];
  if (schema.type === 'string' && typeof value === 'string' && schema.description?.includes('HTML')) return [{ path, text: value }];
  if (schema.type === 'array' && schema.items && Array.isArray(value))
    return value.flatMap((item, i) => memberTexts(schema.items!, item, `${path}[${i}]`));
  if (schema.type === 'object' && schema.properties && typeof value === 'object')
    return Object.entries(schema.properties).flatMap(([name, sub]) =>
      memberTexts(sub, (value as Record<string, unknown>)[name], path ? `${path}.${name}` : name),
    );
  return [];
}
