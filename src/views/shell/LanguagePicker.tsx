import { useSelector } from '@xstate/react';
import { LANGUAGES, type Language } from '../../i18n';
import { languageActor, selectLanguage } from '../../machines/shell/language.machine';
import { Field, Select, useT } from '../ui';

/** The language picker (issue 19): each language named in itself; the pick is remembered. */
export function LanguagePicker() {
  const t = useT();
  const language = languageActor();
  const current = useSelector(language, selectLanguage);
  return (
    <Field label={t('language.label')} hint={t('language.hint')}>
      {(id) => (
        <Select
          id={id}
          value={current}
          onChange={(event) =>
            language.send({ type: 'language.choose', language: event.target.value as Language })
          }
        >
          {LANGUAGES.map(({ code, name }) => (
            <option key={code} value={code} lang={code}>
              {name}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
