// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Field, type FieldProps } from '../../src/islands/ui/Field';
import { PhoneInput } from '../../src/islands/ui/PhoneInput';
import { EMAIL_PATTERN } from '../../src/lib/shared/schemas';

afterEach(cleanup);

function Controlled(props: Omit<FieldProps, 'value' | 'onChange'> & { initial?: string }) {
  const [value, setValue] = useState(props.initial ?? '');
  return <Field {...props} value={value} onChange={setValue} />;
}

const wrapper = (input: HTMLElement) => input.closest('[data-state]') as HTMLElement;

describe('Field', () => {
  it('labels its control and shows no message before the first focus', () => {
    render(<Controlled name="name" label="Full Name" realTime rules={{ required: true, minLength: 2 }} />);
    const input = screen.getByLabelText(/Full Name/);
    expect(input.tagName).toBe('INPUT');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(wrapper(input).dataset.state).toBe('default');
  });

  it('validates after focus: first failing message, aria-invalid and aria-describedby, then success', () => {
    render(<Controlled name="name" label="Full Name" realTime rules={{ required: true, minLength: 2 }} />);
    const input = screen.getByLabelText(/Full Name/);
    fireEvent.focus(input);
    expect(wrapper(input).dataset.state).toBe('focused');
    fireEvent.blur(input);
    expect(screen.getByRole('alert').textContent).toBe('Full Name is required');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)?.textContent).toBe('Full Name is required');

    fireEvent.change(input, { target: { value: 'A' } });
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert').textContent).toBe('Minimum 2 characters required');

    fireEvent.change(input, { target: { value: 'Ama' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(wrapper(input).dataset.state).toBe('success');
  });

  it('does not validate without realTime, but shows an external error', () => {
    const { rerender } = render(
      <Field
        name="email"
        label="Email"
        type="email"
        value="bad"
        onChange={() => {}}
        rules={{ pattern: EMAIL_PATTERN }}
      />,
    );
    const input = screen.getByLabelText('Email');
    fireEvent.focus(input);
    fireEvent.blur(input);
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(
      <Field
        name="email"
        label="Email"
        type="email"
        value="bad"
        onChange={() => {}}
        rules={{ pattern: EMAIL_PATTERN }}
        externalError="Please enter a valid email address"
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address');
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('email pattern message in real time', () => {
    render(
      <Controlled
        name="email"
        label="Email"
        type="email"
        realTime
        rules={{ required: true, pattern: EMAIL_PATTERN }}
      />,
    );
    const input = screen.getByLabelText(/Email/);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'ama@' } });
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address');
  });

  it('password toggles between hidden and visible with a labelled button', () => {
    render(<Controlled name="password" label="Password" type="password" initial="secret1" />);
    const input = screen.getByLabelText('Password') as HTMLInputElement;
    expect(input.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input.type).toBe('password');
  });

  it('textarea has 4 rows by default; select lists its options', () => {
    render(
      <>
        <Controlled name="message" label="Message" type="textarea" />
        <Controlled
          name="inquiryType"
          label="Inquiry Type"
          type="select"
          placeholder="Select..."
          options={[
            { value: 'general', label: 'General' },
            { value: 'prayer', label: 'Prayer', disabled: true },
          ]}
        />
      </>,
    );
    const textarea = screen.getByLabelText('Message') as HTMLTextAreaElement;
    expect(textarea.tagName).toBe('TEXTAREA');
    expect(textarea.getAttribute('rows')).toBe('4');
    const select = screen.getByLabelText('Inquiry Type') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Select...', 'General', 'Prayer']);
    fireEvent.change(select, { target: { value: 'general' } });
    expect(select.value).toBe('general');
  });

  it('disabled and loading states', () => {
    render(
      <>
        <Field name="a" label="A" value="" onChange={() => {}} disabled />
        <Field name="b" label="B" value="" onChange={() => {}} loading />
      </>,
    );
    const a = screen.getByLabelText('A') as HTMLInputElement;
    expect(a.disabled).toBe(true);
    expect(wrapper(a).dataset.state).toBe('disabled');
    const b = screen.getByLabelText('B');
    expect(wrapper(b).dataset.state).toBe('loading');
    expect(wrapper(b).getAttribute('aria-busy')).toBe('true');
  });

  it('variants change the control style', () => {
    render(
      <>
        <Field name="m" label="Modern" variant="modern" value="" onChange={() => {}} />
        <Field name="n" label="Minimal" variant="minimal" value="" onChange={() => {}} />
      </>,
    );
    expect(screen.getByLabelText('Modern').className).toContain('rounded-xl');
    expect(screen.getByLabelText('Minimal').className).toContain('border-b-2');
  });

  /** A phone field with the country picker, checked as it is typed into. */
  const renderPhone = (rules: FieldProps['rules']) =>
    render(<Controlled name="phone" label="Phone" type="phone" phoneInput={PhoneInput} realTime rules={rules} />);

  it('phone type renders the country picker with the number input', () => {
    renderPhone({ pattern: /^[\d\s\-()]{7,15}$/ });
    expect(screen.getByRole('button', { name: 'Country code: Ghana +233' })).toBeTruthy();
    const input = screen.getByLabelText('Phone');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'abc' } });
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid phone number');
  });

  it('phone type gives the number input the attributes of every other control', () => {
    renderPhone({ required: true });
    const input = screen.getByLabelText(/Phone/) as HTMLInputElement;
    expect(input.name).toBe('phone');
    expect(input.required).toBe(true);
    expect(input.getAttribute('aria-required')).toBe('true');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.blur(input);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
  });

  it('phone type without the picker handed in is a plain tel input', () => {
    render(<Controlled name="phone" label="Phone" type="phone" />);
    expect(screen.queryByRole('button', { name: /Country code/ })).toBeNull();
    const input = screen.getByLabelText('Phone') as HTMLInputElement;
    expect(input.type).toBe('tel');
    expect(input.inputMode).toBe('tel');
  });
});
