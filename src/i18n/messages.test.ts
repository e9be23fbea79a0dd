import { switchLanguage } from '../../tests/language';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './index';
import { translateMessage } from './messages';

afterEach(() => i18n.changeLanguage('en'));

describe('translateMessage', () => {
  it('keeps docs/spec.md 8 English as it is in English', () => {
    expect(translateMessage('Unable to cancel build: not allowed')).toBe(
      'Unable to cancel build: not allowed',
    );
  });

  it("gives the chosen language's text, the server's own part kept as it came", async () => {
    await switchLanguage('zh-CN');
    expect(translateMessage('Unable to cancel build: not allowed')).toBe(
      '无法取消构建：not allowed',
    );
    expect(translateMessage('Repo has been disabled')).toBe('仓库已停用');
    // Server text that looks like a template is not read as one.
    expect(translateMessage('Unable to delete user: {{message}} <b>x</b>')).toBe(
      '无法删除用户：{{message}} <b>x</b>',
    );
  });

  it('fills every value of a template with two: a name and the server message', async () => {
    await switchLanguage('zh-CN');
    expect(
      translateMessage(
        'Cron job a {{message}} was removed to change its schedule, but could not be created again: locked: x',
      ),
    ).toBe('定时任务 a {{message}} 已为更改计划而删除，但无法重新创建：locked: x');
  });

  it('shows a message no template made (a bare server message) unchanged', async () => {
    await switchLanguage('zh-CN');
    expect(translateMessage('repository not found')).toBe('repository not found');
    expect(translateMessage('Repo has been disabled!')).toBe('Repo has been disabled!');
  });
});
