import { act, render, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadCatalog, showLanguage } from '../../i18n/load';
import { useLocale, useT } from './i18n';
import { Trans } from './Trans';

afterEach(() => {
  act(() => showLanguage('en'));
});

describe('useT', () => {
  it('follows the chosen language, with a new translate function when it changes', async () => {
    await loadCatalog('zh-CN');
    const { result } = renderHook(() => ({ t: useT(), locale: useLocale() }));
    const english = result.current.t;
    expect(english('common.cancel')).toBe('Cancel');
    act(() => showLanguage('zh-CN'));
    expect(result.current.locale).toBe('zh-CN');
    expect(result.current.t).not.toBe(english);
    expect(result.current.t('common.cancel')).not.toBe('Cancel');
  });
});

describe('Trans', () => {
  it("puts the catalog's tags in the given elements and values in as text", () => {
    const { container } = render(
      <Trans
        i18nKey="auth.loginError.registrationClosed"
        values={{ host: '<hosted>x</hosted> & <b>y</b>', product: 'Drone' }}
        components={{ selfHost: <a href="/self" />, hosted: <a href="/hosted" /> }}
      />,
    );
    const links = Array.from(container.querySelectorAll('a'));
    expect(links.map((link) => [link.getAttribute('href'), link.textContent])).toEqual([
      ['/self', 'install and host Drone yourself'],
      ['/hosted', 'Harness CI, a hosted CI offering'],
    ]);
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toBe(
      '<hosted>x</hosted> & <b>y</b> is no longer accepting new registrations. You can install ' +
        'and host Drone yourself or try Harness CI, a hosted CI offering.',
    );
  });

  it("keeps a self-closing tag's element with its own children", () => {
    const { container } = render(
      <Trans i18nKey="shell.search.found" components={{ query: <em>my-repo</em> }} />,
    );
    expect(container.querySelector('em')?.textContent).toBe('my-repo');
    expect(container.textContent).toBe('Found "my-repo" in Repositories');
  });
});
