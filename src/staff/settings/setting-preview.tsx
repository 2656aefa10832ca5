import { LANG_TAG } from '../../../contract/lang-tags';
import { Trans, useLingui } from '@lingui/react/macro';
import { SafeHtml } from '../../ui/safe-html';
import { HTML_SETTINGS, inLanguage, LANGS, memberTexts, type JsonSchema } from './json-schema';

/**
 * The setting's member-facing text in Thai, Lao and English as members will see it: HTML through the member
 * site's own sanitiser (SafeHtml), so what the preview shows is what survives on their screens.
 */
export function SettingPreview({ settingKey, schema, value }: { settingKey: string; schema: JsonSchema; value: unknown }) {
  const { t } = useLingui();
  const texts = memberTexts(schema, value);
  if (!texts.length) return null;
  const html = HTML_SETTINGS.has(settingKey);
  const names = { th: t`Thai`, la: t`Lao`, en: t`English` };
  return (
    <section className="staff-setting-preview" aria-labelledby="staff-setting-preview-title">
      <h3 id="staff-setting-preview-title">
        <Trans>As members will see it</Trans>
      </h3>
      {LANGS.map((lang) => (
        <section key={lang} aria-label={names[lang]} lang={LANG_TAG[lang]}>
          <h4>{names[lang]}</h4>
          {texts.map(({ path, text }) => (
            <div key={path} className="staff-preview-item">
              {texts.length > 1 && path && <p className="hint">{path}</p>}
              {html ? <SafeHtml html={inLanguage(text, lang)} className="rich" /> : <p>{inLanguage(text, lang)}</p>}
            </div>
          ))}
        </section>
      ))}
    </section>
  );
}
