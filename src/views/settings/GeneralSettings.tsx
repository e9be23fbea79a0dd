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
import { Button, ConfirmDialog, Row, SectionTitle, SelectField, Switch, TextField } from '../ui';
import { styled } from '../ui/theme';
import { timeoutOptions } from './timeouts';
import { VisibilityCards } from './VisibilityCards';

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
  const form = useSelector(actor, selectForm);
  const isSystemAdmin = useSelector(actor, selectIsSystemAdmin);
  const isSaving = useSelector(actor, selectIsSaving);
  const isConfirmingDisable = useSelector(actor, selectIsConfirmingDisable);
  const isDisabling = useSelector(actor, selectIsDisabling);

  const toggle = (field: BooleanSetting, label: string, description?: string, disabled = false) => (
    <Switch
      label={label}
      description={description}
      checked={form[field]}
      disabled={disabled}
      onChange={(event) =>
        actor.send({ type: 'settings.toggle', field, value: event.target.checked })
      }
    />
  );

  return (
    <form
      aria-label="General settings"
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'settings.save' });
      }}
    >
      <Section>
        <legend>
          <SectionTitle as="span">Project Webhooks</SectionTitle>
        </legend>
        {toggle('ignore_pull_requests', 'Disable Pull Requests')}
        {toggle('ignore_forks', 'Disable forks')}
      </Section>
      <Section>
        <legend>
          <SectionTitle as="span">Project Settings</SectionTitle>
        </legend>
        {toggle(
          'protected',
          'Protected',
          'Blocks a pipeline if the yaml signature cannot be verified.',
        )}
        {/* docs/spec.md 6: Trusted and the auto-cancel switches are for system administrators. */}
        {isSystemAdmin ? (
          <>
            {toggle('trusted', 'Trusted', 'Enables privileged container settings.')}
            {toggle(
              'auto_cancel_pull_requests',
              'Auto cancel pull requests',
              'Cancels pending pull request builds.',
            )}
            {toggle('auto_cancel_pushes', 'Auto cancel pushes', 'Cancels pending push builds.')}
            {toggle(
              'auto_cancel_running',
              'Auto cancel running',
              'Cancels running builds when a newer commit is pushed.',
              !canChangeAutoCancelRunning(form),
            )}
          </>
        ) : null}
      </Section>
      <Section>
        <legend>
          <SectionTitle as="span">Project Visibility</SectionTitle>
        </legend>
        <VisibilityCards
          value={form.visibility}
          onChange={(visibility) => actor.send({ type: 'settings.visibility', visibility })}
        />
      </Section>
      <Inline>
        <SelectField
          label="Timeout"
          value={String(form.timeout)}
          options={timeoutOptions(form.timeout)}
          onValue={(value) => actor.send({ type: 'settings.timeout', timeout: Number(value) })}
        />
        <TextField
          label="Configuration"
          value={form.config_path}
          onValue={(configPath) => actor.send({ type: 'settings.configPath', configPath })}
        />
      </Inline>
      <Row css={{ marginTop: '$3' }}>
        <Button type="submit" variant="primary" disabled={isSaving || isDisabling}>
          Save Changes
        </Button>
        <Button
          variant="danger"
          disabled={isSaving || isDisabling}
          onClick={() => actor.send({ type: 'repo.disable' })}
        >
          Disable
        </Button>
      </Row>
      {isConfirmingDisable || isDisabling ? (
        <ConfirmDialog
          message="Are you sure you want to disable this repo?"
          confirmLabel="Disable"
          busy={isDisabling}
          onConfirm={() => actor.send({ type: 'disable.confirm' })}
          onCancel={() => actor.send({ type: 'disable.cancel' })}
        />
      ) : null}
    </form>
  );
}
