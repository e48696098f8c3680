import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { schemaResolver } from './schema-resolver';
import { usePlainForm, type PlainFormOptions } from './use-plain-form';

const schema = z
  .object({
    name: z.string().min(3, { error: 'rule.name.short' }),
    code: z.string().regex(/^\d{6}$/, { error: 'rule.code.digits' }),
    agreed: z.boolean().refine((ticked) => ticked, { error: 'rule.agreement' }),
  })
  .transform((values) => ({ ...values, name: values.name.trim() }));
type Values = z.input<typeof schema>;

function Probe({ onValid, mode }: { onValid: (values: Values) => unknown; mode?: PlainFormOptions<Values>['mode'] }) {
  const form = usePlainForm<Values>({ resolver: schemaResolver(schema), watch: ['name'], ...(mode ? { mode } : {}) });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
      <label>
        Name
        <input {...form.register('name')} />
      </label>
      <output data-testid="name-error">{errors.name?.message ?? ''}</output>
      <output data-testid="watched">{form.watched('name')}</output>
      <label>
        Code
        <input {...form.register('code')} />
      </label>
      <output data-testid="code-error">{errors.code?.message ?? ''}</output>
      <label>
        Agreed
        <input type="checkbox" {...form.register('agreed')} />
      </label>
      <output data-testid="agreed-error">{errors.agreed?.message ?? ''}</output>
      <button
        type="button"
        onClick={() => form.setError('code', { message: 'error.smsCodeWrong' }, { shouldFocus: true })}
      >
        Refuse code
      </button>
      <button type="submit">Send</button>
    </form>
  );
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const error = (name: string) => screen.getByTestId(`${name}-error`).textContent;

describe('usePlainForm', () => {
  it('checks nothing before the first submit, then every field, and focuses the first that breaks a rule', async () => {
    const onValid = vi.fn();
    render(<Probe onValid={onValid} />);
    fireEvent.change(field('Name'), { target: { value: 'ab' } });
    fireEvent.blur(field('Name'));
    // Give a check a chance to run: none should.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(error('name')).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(error('name')).toBe('rule.name.short'));
    expect(error('code')).toBe('rule.code.digits');
    expect(error('agreed')).toBe('rule.agreement');
    expect(document.activeElement).toBe(field('Name'));
    expect(onValid).not.toHaveBeenCalled();

    // After a submit, each change checks its own field; the others keep their messages.
    fireEvent.change(field('Name'), { target: { value: 'Ada ' } });
    await waitFor(() => expect(error('name')).toBe(''));
    expect(error('code')).toBe('rule.code.digits');
  });

  it('hands over the parsed values, what was typed before the code ran included', async () => {
    const onValid = vi.fn();
    const { container } = render(<Probe onValid={onValid} />);
    // The markup the server rendered took these before the form's code ran: no change event.
    field('Name').value = '  Grace  ';
    (container.querySelector('input[name="code"]') as HTMLInputElement).value = '123456';
    field('Agreed').checked = true;
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ name: 'Grace', code: '123456', agreed: true }));
  });

  it('checks a field when it is left (onTouched), and then as it is typed in', async () => {
    render(<Probe onValid={vi.fn()} mode="onTouched" />);
    fireEvent.change(field('Code'), { target: { value: '12' } });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(error('code')).toBe('');
    fireEvent.blur(field('Code'));
    await waitFor(() => expect(error('code')).toBe('rule.code.digits'));
    // Untouched fields stay quiet.
    expect(error('name')).toBe('');
    fireEvent.change(field('Code'), { target: { value: '123456' } });
    await waitFor(() => expect(error('code')).toBe(''));
  });

  it('shows a refusal on its field and focuses it, and follows a watched field as it is typed', async () => {
    render(<Probe onValid={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Refuse code' }));
    expect(error('code')).toBe('error.smsCodeWrong');
    expect(document.activeElement).toBe(field('Code'));
    fireEvent.change(field('Name'), { target: { value: 'Lin' } });
    expect(screen.getByTestId('watched').textContent).toBe('Lin');
  });
});
