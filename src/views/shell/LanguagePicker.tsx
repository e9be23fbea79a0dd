import { useSelector } from '@xstate/react';
import { LANGUAGES, type Language } from '../../i18n';
import {
  languageActor,
  selectBrowserLanguage,
  selectChoice,
} from '../../machines/shell/language.machine';
import { Field, Select, useT } from '../ui';

const nameOf = (code: Language) => LANGUAGES.find((language) => language.code === code)!.name;

/**
 * The language picker (issue 19): the browser's language, or one of the console's, each named in
 * itself. A pick is remembered; choosing the browser's again forgets it.
 */
export function LanguagePicker() {
  const t = useT();
  const language = languageActor();
  const choice = useSelector(language, selectChoice);
  const browser = useSelector(language, selectBrowserLanguage);
  return (
    <Field label={t('language.label')}>
      {(id) => (
        <Select
          id={id}
          value={choice ?? ''}
          onChange={({ target: { value } }) =>
            language.send(
              value === ''
                ? { type: 'language.followBrowser' }
                : { type: 'language.choose', language: value as Language },
            )
          }
        >
          <option value="">{t('language.browser', { language: nameOf(browser) })}</option>
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
