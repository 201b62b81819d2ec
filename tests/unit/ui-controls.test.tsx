// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { CheckboxGroup, toggleSelection } from '../../src/islands/ui/CheckboxGroup';
import { Button } from '../../src/islands/ui/Button';
import { Avatar } from '../../src/islands/ui/Avatar';
import { Badge } from '../../src/islands/ui/Badge';
import { Card } from '../../src/islands/ui/Card';
import { Toaster } from '../../src/islands/ui/Toaster';
import { $toasts, toast, TOAST_DURATION_MS } from '../../src/islands/ui/toast';

afterEach(() => {
  cleanup();
  $toasts.set([]);
  vi.useRealTimers();
});

const services = ['worship', 'bible-study', 'youth', 'children', 'community', 'music'].map((value) => ({
  value,
  label: value,
}));

function Group({ max, initial = [] }: { max?: number; initial?: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <CheckboxGroup name="services" legend="Interests" options={services} value={value} onChange={setValue} max={max} />
  );
}

describe('toggleSelection', () => {
  it('adds, removes and respects the maximum', () => {
    expect(toggleSelection([], 'a')).toEqual(['a']);
    expect(toggleSelection(['a', 'b'], 'a')).toEqual(['b']);
    expect(toggleSelection(['a', 'b'], 'c', 2)).toEqual(['a', 'b']);
    expect(toggleSelection(['a', 'b'], 'b', 2)).toEqual(['a']);
  });
});

describe('CheckboxGroup', () => {
  it('is a fieldset with a legend and no counter without a maximum', () => {
    render(<Group />);
    expect(screen.getByRole('group', { name: /Interests/ })).toBeTruthy();
    expect(screen.queryByText(/selected\)/)).toBeNull();
    for (const box of screen.getAllByRole('checkbox')) fireEvent.click(box);
    expect(screen.getAllByRole('checkbox').every((b) => (b as HTMLInputElement).checked)).toBe(true);
  });

  it('counts towards the maximum, then disables the unselected options', () => {
    render(<Group max={2} />);
    expect(screen.getByText('(0/2 selected)')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('worship'));
    expect(screen.getByText('(1/2 selected)')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('youth'));
    expect(screen.getByText('(2/2 selected)')).toBeTruthy();
    const boxes = screen.getAllByRole('checkbox') as HTMLInputElement[];
    const disabled = boxes.filter((b) => b.disabled).map((b) => b.value);
    expect(disabled).toEqual(['bible-study', 'children', 'community', 'music']);
    // Unticking one frees the others again.
    fireEvent.click(screen.getByLabelText('youth'));
    expect(screen.getByText('(1/2 selected)')).toBeTruthy();
    expect(boxes.some((b) => b.disabled)).toBe(false);
  });
});

describe('Button', () => {
  it('runs its handler normally', () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Save</Button>);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('comingSoon renders disabled with a visible hint and never runs a handler', () => {
    const onClick = vi.fn();
    render(
      <Button comingSoon onClick={onClick}>
        New Sermon
      </Button>,
    );
    const button = screen.getByRole('button', { name: /New Sermon/ }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.textContent).toContain('Coming soon');
    expect(button.getAttribute('title')).toBe('Coming soon');
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('loading disables and marks busy; sizes and variants style it', () => {
    render(
      <>
        <Button loading>Saving</Button>
        <Button size="xs" variant="destructive">
          Delete
        </Button>
        <Button size="xl" variant="link">
          More
        </Button>
      </>,
    );
    const saving = screen.getByRole('button', { name: 'Saving' }) as HTMLButtonElement;
    expect(saving.disabled).toBe(true);
    expect(saving.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('button', { name: 'Delete' }).className).toContain('text-xs');
    expect(screen.getByRole('button', { name: 'More' }).className).toContain('underline-offset-4');
    expect((screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement).type).toBe('button');
  });
});

describe('Avatar', () => {
  it('shows the image, then initials when it fails to load', () => {
    render(<Avatar user={{ first_name: 'Ama', last_name: 'Mensah', avatar: '/broken.png' }} />);
    const img = screen.getByRole('img', { name: 'Ama Mensah' });
    expect(img.tagName).toBe('IMG');
    fireEvent.error(img);
    const fallback = screen.getByRole('img', { name: 'Ama Mensah' });
    expect(fallback.tagName).toBe('SPAN');
    expect(fallback.textContent).toBe('AM');
  });

  it('initials without an image: username letter, else U', () => {
    render(
      <>
        <Avatar user={{ username: 'kofi' }} />
        <Avatar user={{}} />
      </>,
    );
    expect(screen.getByRole('img', { name: 'kofi' }).textContent).toBe('K');
    expect(screen.getByRole('img', { name: 'User' }).textContent).toBe('U');
  });
});

describe('Badge and Card', () => {
  it('render their variants', () => {
    render(
      <>
        <Badge variant="error">Private</Badge>
        <Card variant="glass">Glass card</Card>
      </>,
    );
    expect(screen.getByText('Private').className).toContain('text-error');
    expect(screen.getByText('Glass card').className).toContain('backdrop-blur-md');
  });
});

describe('Toast', () => {
  it('shows in a polite live region and dismisses itself after about 4 s', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    act(() => {
      toast('Suspended Ama Mensah');
    });
    expect(region.textContent).toContain('Suspended Ama Mensah');
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    });
    expect(region.textContent).toContain('Suspended Ama Mensah');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(region.textContent).not.toContain('Suspended Ama Mensah');
  });

  it('can be dismissed by its button and keeps at most four', () => {
    render(<Toaster />);
    act(() => {
      for (let i = 1; i <= 6; i++) toast(`Message ${i}`, { duration: 0 });
    });
    expect(screen.getAllByRole('button', { name: 'Dismiss notification' })).toHaveLength(4);
    expect(screen.queryByText('Message 1')).toBeNull();
    fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss notification' })[0]);
    expect(screen.queryByText('Message 3')).toBeNull();
    expect(screen.getByText('Message 6')).toBeTruthy();
  });
});
