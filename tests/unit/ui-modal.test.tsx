// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Modal, type ModalProps } from '../../src/islands/ui/Modal';
import { PhoneInput } from '../../src/islands/ui/PhoneInput';

afterEach(cleanup);

function Harness(props: Partial<ModalProps> & { onClosed?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <button onClick={() => setOpen(true)}>Open details</button>
      <Modal
        title="User Details"
        {...props}
        open={open}
        onClose={() => {
          props.onClosed?.();
          setOpen(false);
        }}
        footer={<button>Footer action</button>}
      >
        <p>Body text</p>
        <button>Inside</button>
      </Modal>
    </div>
  );
}

function openModal(props: Partial<ModalProps> & { onClosed?: () => void } = {}) {
  render(<Harness {...props} />);
  const opener = screen.getByRole('button', { name: 'Open details' });
  opener.focus();
  fireEvent.click(opener);
  const dialog = document.querySelector('dialog')!;
  return { opener, dialog };
}

describe('Modal', () => {
  it('opens as a labelled dialog with its footer and moves focus inside', () => {
    const { dialog } = openModal();
    expect(dialog).toBeTruthy();
    expect(dialog.open).toBe(true);
    const labelId = dialog.getAttribute('aria-labelledby')!;
    expect(document.getElementById(labelId)?.textContent).toBe('User Details');
    expect(screen.getByText('Footer action')).toBeTruthy();
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('closes on Escape and returns focus to the opener', () => {
    const onClosed = vi.fn();
    const { opener, dialog } = openModal({ onClosed });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(document.querySelector('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes on a backdrop (overlay) click but not on a click inside', () => {
    const { dialog } = openModal();
    fireEvent.mouseDown(screen.getByText('Body text'));
    fireEvent.click(screen.getByText('Body text'));
    expect(document.querySelector('dialog')).not.toBeNull();
    fireEvent.mouseDown(dialog);
    fireEvent.click(dialog);
    expect(document.querySelector('dialog')).toBeNull();
  });

  it('closes with the labelled close button', () => {
    const { opener } = openModal();
    fireEvent.click(screen.getByRole('button', { name: 'Close dialog' }));
    expect(document.querySelector('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('locks page scroll while open and restores it after', () => {
    document.body.style.overflow = 'auto';
    openModal();
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.click(screen.getByRole('button', { name: 'Close dialog' }));
    expect(document.body.style.overflow).toBe('auto');
    document.body.style.overflow = '';
  });

  it('can refuse Escape and overlay closing', () => {
    const { dialog } = openModal({ closeOnEscape: false, closeOnOverlayClick: false });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.mouseDown(dialog);
    fireEvent.click(dialog);
    expect(document.querySelector('dialog')).not.toBeNull();
  });

  it('applies size and variant', () => {
    const { dialog } = openModal({ size: 'xl', variant: 'danger' });
    expect(dialog.dataset.size).toBe('xl');
    expect(dialog.dataset.variant).toBe('danger');
    expect(dialog.className).toContain('max-w-4xl');
    expect(dialog.className).toContain('border-t-error');
  });

  it('works where <dialog> has no showModal (fallback opens it)', () => {
    const original = HTMLDialogElement.prototype.showModal;
    // @ts-expect-error simulate an engine without showModal
    delete HTMLDialogElement.prototype.showModal;
    try {
      const { dialog } = openModal();
      expect(dialog.hasAttribute('open')).toBe(true);
      fireEvent.keyDown(dialog, { key: 'Escape' });
      expect(document.querySelector('dialog')).toBeNull();
    } finally {
      HTMLDialogElement.prototype.showModal = original;
    }
  });

  it('Escape inside the country picker closes the picker, not the dialog', () => {
    const onClose = vi.fn();
    render(
      <Modal open onClose={onClose} title="Edit">
        <PhoneInput value="" onChange={() => {}} />
      </Modal>,
    );
    fireEvent.click(screen.getByRole('button', { name: /^Country code/ }));
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Search countries' }), { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    // A second Escape, now on the dialog's content, closes the dialog.
    fireEvent.keyDown(screen.getByRole('button', { name: /^Country code/ }), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
