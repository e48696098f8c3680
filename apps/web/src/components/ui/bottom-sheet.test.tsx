import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useRef, useState, type ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { BottomSheet } from './bottom-sheet';

type Look = Pick<ComponentProps<typeof BottomSheet>, 'look'>['look'];

/** A page with a button opening a sheet whose field takes focus, as the note sheet's does. */
function Page({ look, onClose = () => {} }: { look: Look; onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const close = () => {
    onClose();
    setOpen(false);
  };
  const common = {
    open,
    title: 'Take a note',
    closeLabel: look === 'menu' ? 'Cancel' : 'Close the note',
    onClose: close,
    focusTarget: () => field.current,
    testId: 'sheet',
  };
  const body = <input ref={field} aria-label="Note" />;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {look === 'picker' ? (
        <BottomSheet look="picker" {...common} back={<button type="button">Up</button>}>
          {body}
        </BottomSheet>
      ) : (
        <BottomSheet look={look} {...common}>
          {body}
        </BottomSheet>
      )}
    </>
  );
}

async function openSheet() {
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  await act(async () => fireEvent.click(opener));
  return screen.findByRole('dialog', { name: 'Take a note' });
}

// jsdom lays nothing out, so it has no scrollIntoView; the sheet scrolls its focus target into view.
Element.prototype.scrollIntoView ??= function () {};

describe('BottomSheet', () => {
  it('is a named modal dialog with a named close button, and focus goes in and back', async () => {
    render(<Page look="panel" />);
    const opener = screen.getByRole('button', { name: 'Open' });
    const sheet = await openSheet();
    expect(sheet.getAttribute('aria-modal')).toBe('true');
    expect(within(sheet).getByRole('heading', { name: 'Take a note' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(sheet).getByRole('textbox', { name: 'Note' })));
    await act(async () => fireEvent.click(within(sheet).getByRole('button', { name: 'Close the note' })));
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('closes on Escape wherever focus is, and stops listening once closed', async () => {
    const onClose = vi.fn();
    render(<Page look="panel" onClose={onClose} />);
    await openSheet();
    // Focus still on the page behind, as in Chromium before the opening animation ends.
    act(() => fireEvent.keyDown(document.body, { key: 'Escape' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    act(() => fireEvent.keyDown(document.body, { key: 'Escape' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('puts a picker’s back button before its title', async () => {
    render(<Page look="picker" />);
    const sheet = await openSheet();
    const buttons = within(sheet).getAllByRole('button');
    expect(buttons.map((button) => button.getAttribute('aria-label') ?? button.textContent)).toEqual([
      'Up',
      'Close the note',
    ]);
  });

  it('ends a menu with Cancel instead of a close button', async () => {
    const onClose = vi.fn();
    render(<Page look="menu" onClose={onClose} />);
    const sheet = await openSheet();
    expect(
      within(sheet)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Cancel']);
    fireEvent.click(within(sheet).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
