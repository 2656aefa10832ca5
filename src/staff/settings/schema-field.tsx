import { useLingui } from '@lingui/react/macro';
import { useId, useState, type ReactNode } from 'react';
import { inLanguage, LANGS, shapeOf, type JsonSchema, type Localized } from './json-schema';

export interface FieldProps {
  schema: JsonSchema;
  value: unknown;
  onChange: (value: unknown) => void;
  label: string;
  /** A JSON field's text parses or not (the form is not sent while one does not). */
  onJsonValid: (path: string, valid: boolean) => void;
  path: string;
}

/** Without the property (an optional one left empty), rather than an empty value the schema refuses. */
const withProperty = (object: unknown, name: string, value: unknown) => {
  const next = { ...(typeof object === 'object' && object !== null ? object : {}) } as Record<string, unknown>;
  if (value === undefined) delete next[name];
  else next[name] = value;
  return next;
};

/** One value of a setting, edited by the control its JSON Schema calls for. */
export function SchemaField(props: FieldProps) {
  const { schema, label } = props;
  const shape = shapeOf(schema);
  if (shape === 'object')
    return (
      <fieldset className="staff-setting-group">
        <legend>{label}</legend>
        {schema.description && <p className="hint">{schema.description}</p>}
        {Object.entries(schema.properties!).map(([name, sub]) => (
          <SchemaField
            key={name}
            schema={sub}
            label={name}
            path={`${props.path}.${name}`}
            value={(props.value as Record<string, unknown> | undefined)?.[name]}
            onChange={(v) => props.onChange(withProperty(props.value, name, v))}
            onJsonValid={props.onJsonValid}
          />
        ))}
      </fieldset>
    );
  if (shape === 'localized') return <LocalizedField {...props} />;
  return <LeafField {...props} shape={shape} />;
}

function LeafField({ schema, value, onChange, label, onJsonValid, path, shape }: FieldProps & { shape: ReturnType<typeof shapeOf> }) {
  const { t } = useLingui();
  const id = useId();
  const hintId = useId();
  // chosen once: a text that grows past the line keeps its control while it is typed
  const [long] = useState(() => Boolean(schema.description?.includes('HTML')) || (typeof value === 'string' && value.length > 60));
  const [jsonText, setJsonText] = useState(() => (value === undefined ? '' : JSON.stringify(value, null, 2)));
  const [jsonBad, setJsonBad] = useState(false);
  const hint = schema.description && (
    <p id={hintId} className="hint">
      {schema.description}
    </p>
  );
  const described = schema.description ? { 'aria-describedby': hintId } : {};
  let control: ReactNode;
  if (shape === 'boolean')
    return (
      <div className="field checkbox">
        <input id={id} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} {...described} />
        <label htmlFor={id}>{label}</label>
        {hint}
      </div>
    );
  if (shape === 'number')
    control = (
      <input
        id={id}
        type="number"
        step={schema.type === 'integer' ? 1 : 'any'}
        min={schema.minimum ?? schema.exclusiveMinimum}
        max={schema.maximum ?? schema.exclusiveMaximum}
        value={typeof value === 'number' ? value : ''}
        onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
        {...described}
      />
    );
  else if (shape === 'enum')
    control = (
      <select
        id={id}
        value={value === undefined ? '' : String(value)}
        onChange={(e) => onChange(e.target.value || undefined)}
        {...described}
      >
        <option value="">—</option>
        {schema.anyOf!.map((a) => (
          <option key={String(a.const)} value={String(a.const)}>
            {String(a.const)}
          </option>
        ))}
      </select>
    );
  else if (shape === 'string')
    control = long ? (
      <textarea id={id} rows={4} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value)} {...described} />
    ) : (
      <input id={id} type="text" value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value)} {...described} />
    );
  else
    control = (
      <textarea
        id={id}
        className="staff-json-input"
        rows={8}
        value={jsonText}
        aria-invalid={jsonBad}
        onChange={(e) => {
          const text = e.target.value;
          setJsonText(text);
          try {
            onChange(text.trim() === '' ? undefined : JSON.parse(text));
            setJsonBad(false);
            onJsonValid(path, true);
          } catch {
            setJsonBad(true);
            onJsonValid(path, false);
          }
        }}
        {...described}
      />
    );
  return (
    <div className="field">
      <label htmlFor={id}>{shape === 'json' ? t`${label} (JSON)` : label}</label>
      {control}
      {jsonBad && <p className="form-error">{t`This is not valid JSON.`}</p>}
      {hint}
    </div>
  );
}

/** Text per language: Thai, and Lao and English where they differ (left empty: members reading them get the Thai). */
function LocalizedField({ value, onChange, label }: FieldProps) {
  const { t } = useLingui();
  const names = { th: t`Thai`, la: t`Lao`, en: t`English` };
  const text = (typeof value === 'string' || (typeof value === 'object' && value !== null) ? value : '') as Localized;
  const ids = { th: useId(), la: useId(), en: useId() };
  return (
    <fieldset className="staff-setting-group">
      <legend>{label}</legend>
      {LANGS.map((lang) => (
        <div className="field" key={lang}>
          <label htmlFor={ids[lang]}>{names[lang]}</label>
          <textarea
            id={ids[lang]}
            rows={3}
            value={typeof text === 'string' ? text : lang === 'th' ? text.th : (text[lang] ?? '')}
            onChange={(e) => {
              // a single text is everyone's: editing one language keeps the others as members read them now
              const next: Record<string, string> =
                typeof text === 'string' ? { th: text, la: text, en: text } : { ...text, th: inLanguage(text, 'th') };
              next[lang] = e.target.value;
              if (lang !== 'th' && e.target.value === '') delete next[lang];
              onChange(next);
            }}
          />
        </div>
      ))}
    </fieldset>
  );
}
