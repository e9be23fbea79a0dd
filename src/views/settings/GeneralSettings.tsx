import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  canChangeAutoCancelRunning,
  selectForm,
  selectIsConfirmingDisable,
  selectIsDisabling,
  selectIsSaving,
  selectIsSystemAdmin,
  type BooleanSetting,
  type repoSettingsMachine,
} from '../../machines/settings/repoSettings.machine';
import { Button, Row, SectionTitle, useT } from '../ui';
import { ConfirmDialog } from '../ui/Modal';
import { SelectField, Switch, TextField } from '../ui/Form';
import { styled } from '../ui/theme';
import { timeoutOptions } from './timeouts';
import { VisibilityCards } from './VisibilityCards';
import '../../i18n/en/settings';

// docs/spec.md 2.12 general screen (.../settings): webhooks, project settings, visibility, timeout,
// configuration path; Save Changes and Disable (after a confirm).

type SettingsActor = ActorRefFrom<typeof repoSettingsMachine>;

const Section = styled('fieldset', {
  border: 'none',
  padding: 0,
  margin: '0 0 $4',
  legend: { padding: 0 },
});

const Inline = styled('div', {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
  gap: '$3',
});

export function GeneralSettings({ actor }: { actor: SettingsActor }) {
  const t = useT();
  const form = useSelector(actor, selectForm);
  const isSystemAdmin = useSelector(actor, selectIsSystemAdmin);
  const isSaving = useSelector(actor, selectIsSaving);
  const isConfirmingDisable = useSelector(actor, selectIsConfirmingDisable);
  const isDisabling = useSelector(actor, selectIsDisabling);

  return (
    <form
      aria-label={t('settings.general.label')}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'settings.save' });
      }}
    >
      <Section>
        <legend>
          <SectionTitle as="span">{t('settings.general.webhooks')}</SectionTitle>
        </legend>
        <SettingSwitch
          actor={actor}
          field="ignore_pull_requests"
          label={t('settings.general.disablePullRequests')}
        />
        <SettingSwitch
          actor={actor}
          field="ignore_forks"
          label={t('settings.general.disableForks')}
        />
      </Section>
      <Section>
        <legend>
          <SectionTitle as="span">{t('settings.general.projectSettings')}</SectionTitle>
        </legend>
        <SettingSwitch
          actor={actor}
          field="protected"
          label={t('settings.general.protected')}
          description={t('settings.general.protectedHint')}
        />
        {/* docs/spec.md 6: Trusted and the auto-cancel switches are for system administrators. */}
        {isSystemAdmin ? (
          <>
            <SettingSwitch
              actor={actor}
              field="trusted"
              label={t('settings.general.trusted')}
              description={t('settings.general.trustedHint')}
            />
            <SettingSwitch
              actor={actor}
              field="auto_cancel_pull_requests"
              label={t('settings.general.autoCancelPullRequests')}
              description={t('settings.general.autoCancelPullRequestsHint')}
            />
            <SettingSwitch
              actor={actor}
              field="auto_cancel_pushes"
              label={t('settings.general.autoCancelPushes')}
              description={t('settings.general.autoCancelPushesHint')}
            />
            {/* Only where the server keeps it (repoSettingsForm.ts): a switch it ignores would
                say 'Changes have been saved' and keep nothing. */}
            {form.auto_cancel_running === undefined ? null : (
              <SettingSwitch
                actor={actor}
                field="auto_cancel_running"
                label={t('settings.general.autoCancelRunning')}
                description={t('settings.general.autoCancelRunningHint')}
                disabled={!canChangeAutoCancelRunning(form)}
              />
            )}
          </>
        ) : null}
      </Section>
      <Section>
        <legend>
          <SectionTitle as="span">{t('settings.general.visibility')}</SectionTitle>
        </legend>
        <VisibilityCards
          value={form.visibility}
          onChange={(visibility) => actor.send({ type: 'settings.visibility', visibility })}
        />
      </Section>
      <Inline>
        <SelectField
          label={t('settings.general.timeout')}
          value={String(form.timeout)}
          options={timeoutOptions(form.timeout, t)}
          onValue={(value) => actor.send({ type: 'settings.timeout', timeout: Number(value) })}
        />
        <TextField
          label={t('settings.general.configuration')}
          value={form.config_path}
          onValue={(configPath) => actor.send({ type: 'settings.configPath', configPath })}
        />
      </Inline>
      <Row css={{ marginTop: '$3' }}>
        <Button type="submit" variant="primary" disabled={isSaving || isDisabling}>
          {t('settings.general.saveChanges')}
        </Button>
        <Button
          variant="danger"
          disabled={isSaving || isDisabling}
          onClick={() => actor.send({ type: 'repo.disable' })}
        >
          {t('settings.general.disable')}
        </Button>
      </Row>
      {isConfirmingDisable || isDisabling ? (
        <ConfirmDialog
          message={t('settings.messages.confirmDisableRepo')}
          confirmLabel={t('settings.general.disable')}
          busy={isDisabling}
          onConfirm={() => actor.send({ type: 'disable.confirm' })}
          onCancel={() => actor.send({ type: 'disable.cancel' })}
        />
      ) : null}
    </form>
  );
}

/** One of the repository's switches, bound to its field of the form. */
function SettingSwitch({
  actor,
  field,
  label,
  description,
  disabled = false,
}: {
  actor: SettingsActor;
  field: BooleanSetting;
  label: string;
  description?: string;
  disabled?: boolean;
}) {
  const checked = useSelector(actor, (snapshot) => selectForm(snapshot)[field] ?? false);
  return (
    <Switch
      label={label}
      description={description}
      checked={checked}
      disabled={disabled}
      onChange={(event) =>
        actor.send({ type: 'settings.toggle', field, value: event.target.checked })
      }
    />
  );
}
