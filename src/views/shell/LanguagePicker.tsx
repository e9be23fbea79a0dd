import { useSelector } from '@xstate/react';
import { LANGUAGES, type Language } from '../../i18n';
import {
  languageActor,
  selectBrowserLanguage,
  selectChoice,
  selectLanguage,
  selectLoadFailed,
} from '../../machines/shell/language.machine';
import { Button, Notice, useT } from '../ui';
import { Field, Select } from '../ui/Form';
import '../../i18n/en/account';

const nameOf = (code: Language) => LANGUAGES.find((language) => language.code === code)!.name;

/**
 * The language picker (issue 19): the browser's language, or one of the console's, each named in
 * itself. A pick is remembered; choosing the browser's again forgets it. A catalog that could not
 * be fetched is said under it, with Retry.
 */
export function LanguagePicker() {
  const t = useT();
  const language = languageActor();
  const choice = useSelector(language, selectChoice);
  const browser = useSelector(language, selectBrowserLanguage);
  const asked = useSelector(language, selectLanguage);
  const failed = useSelector(language, selectLoadFailed);
  return (
    <>
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
      {failed && (
        <Notice
          tone="warning"
          role="status"
          css={{ marginTop: '$2', alignItems: 'center', justifyContent: 'space-between' }}
        >
          {t('language.failed', { language: nameOf(asked) })}
          <Button onClick={() => language.send({ type: 'language.retry' })}>
            {t('common.retry')}
          </Button>
        </Notice>
      )}
    </>
  );
}
