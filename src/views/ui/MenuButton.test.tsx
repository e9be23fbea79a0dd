import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MenuButton } from './MenuButton';

afterEach(cleanup);

function renderMenu() {
  const chosen = vi.fn();
  const items = ['Restart', 'Promote', 'Debug'].map((label) => ({
    label,
    onSelect: () => chosen(label),
  }));
  render(
    <>
      <MenuButton label="Build actions" items={items}>
        Actions
      </MenuButton>
      <button type="button">Elsewhere</button>
    </>,
  );
  const button = screen.getByRole('button', { name: 'Actions' });
  return { button, chosen };
}

const item = (name: string) => screen.getByRole('menuitem', { name });

describe('MenuButton (WAI-ARIA menu button)', () => {
  it('opens from the keyboard on the first item, moves round with the arrows, Home and End', async () => {
    const { button } = renderMenu();
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu', { name: 'Build actions' })).toBeInTheDocument();
    expect(item('Restart')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(item('Promote')).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(item('Debug')).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(item('Restart')).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(item('Debug')).toHaveFocus();
    // One tab stop: the focused item only.
    expect(item('Debug')).toHaveAttribute('tabindex', '0');
    expect(item('Restart')).toHaveAttribute('tabindex', '-1');
  });

  it('opens on the last item with ArrowUp', async () => {
    const { button } = renderMenu();
    button.focus();
    await userEvent.keyboard('{ArrowUp}');
    expect(item('Debug')).toHaveFocus();
  });

  it('closes on Escape and gives the focus back to the button', async () => {
    const { button } = renderMenu();
    button.focus();
    await userEvent.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('runs the chosen item with Enter and closes', async () => {
    const { button, chosen } = renderMenu();
    button.focus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(chosen).toHaveBeenCalledWith('Promote');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes on a click elsewhere', async () => {
    renderMenu();
    await userEvent.click(screen.getByRole('button', { name: 'Actions' }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
