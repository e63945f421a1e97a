/**
 * Form pieces shared by the account screens: a formik-bound text field and password field
 * (show/hide) showing the schema's message once the field was touched or the form submitted,
 * and the answer line under a form (and the state behind it).
 */
import { useState, type ReactNode } from 'react';
import { useField, useFormikContext, yupToFormErrors, type FormikErrors } from 'formik';
import { ValidationError, type AnyObjectSchema } from 'yup';
import { Alert, Box, Field, IconButton, Input, Textarea, type InputProps } from '@chakra-ui/react';

/**
 * The errors of a form's first values, for formik's `initialErrors`: a form that starts invalid
 * (empty required fields) has its submit button disabled from the first paint, not after an
 * asynchronous validation.
 */
export function initialErrorsOf<T>(schema: AnyObjectSchema, values: T): FormikErrors<T> {
  try {
    schema.validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (error instanceof ValidationError) return yupToFormErrors<T>(error);
    throw error;
  }
}

/** Formik's props for a form checked by a schema: its first values, the schema, and those values' errors. */
export function schemaFormProps<T>(schema: AnyObjectSchema, initialValues: T) {
  return { initialValues, validationSchema: schema, initialErrors: initialErrorsOf(schema, initialValues) };
}

interface TextFieldProps extends Omit<InputProps, 'name'> {
  name: string;
  label: string;
  helper?: ReactNode;
}

function useFieldError(name: string): string | undefined {
  const [, meta] = useField(name);
  const { submitCount } = useFormikContext();
  return (meta.touched || submitCount > 0) && meta.error ? meta.error : undefined;
}

/** A field's label, marked when the field is required. */
export function FieldLabel({ label, required }: { label: string; required?: boolean }) {
  return (
    <Field.Label>
      {label}
      {required && <Field.RequiredIndicator />}
    </Field.Label>
  );
}

/** A field's label, its helper text, and the schema's message once it applies. */
function LabelledField({ name, label, helper, required, children }: { name: string; label: string; helper?: ReactNode; required?: boolean; children: ReactNode }) {
  const error = useFieldError(name);
  return (
    <Field.Root invalid={!!error} required={required}>
      <FieldLabel label={label} required={required} />
      {children}
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      {error && <Field.ErrorText color="red.700" data-testid={`error-${name}`}>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

export function TextField({ name, label, helper, required, ...inputProps }: TextFieldProps) {
  const [field] = useField<string | null | undefined>(name);
  return (
    <LabelledField name={name} label={label} helper={helper} required={required}>
      <Input {...inputProps} {...field} value={field.value ?? ''} />
    </LabelledField>
  );
}

/** A longer text (e.g. a public message), laid out like TextField. */
export function TextareaField({ name, label, helper, required, rows = 3 }: { name: string; label: string; helper?: ReactNode; required?: boolean; rows?: number }) {
  const [field] = useField<string | null | undefined>(name);
  return (
    <LabelledField name={name} label={label} helper={helper} required={required}>
      <Textarea {...field} value={field.value ?? ''} rows={rows} />
    </LabelledField>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M3 3l18 18" />}
    </svg>
  );
}

export function PasswordField({ name, label, autoComplete = 'current-password', required }: { name: string; label: string; autoComplete?: string; required?: boolean }) {
  const [field] = useField<string>(name);
  const [shown, setShown] = useState(false);
  return (
    <LabelledField name={name} label={label} required={required}>
      <Box position="relative" w="full">
        <Input {...field} value={field.value ?? ''} type={shown ? 'text' : 'password'} autoComplete={autoComplete} pe="10" />
        <IconButton
          type="button"
          aria-label={shown ? 'Hide password' : 'Show password'}
          aria-pressed={shown}
          variant="ghost"
          size="sm"
          position="absolute"
          right="1"
          top="50%"
          transform="translateY(-50%)"
          onClick={() => setShown((value) => !value)}
        >
          <EyeIcon crossed={shown} />
        </IconButton>
      </Box>
    </LabelledField>
  );
}

/** A new password and its repetition (the `password` and `password_confirmation` fields). */
export function NewPasswordFields() {
  return (
    <>
      <PasswordField name="password" label="New password" autoComplete="new-password" required />
      <PasswordField name="password_confirmation" label="Repeat the new password" autoComplete="new-password" required />
    </>
  );
}

/** The server's answer under a form: an error or a success line, announced to screen readers. */
export function FormAnswer({ kind, children }: { kind: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <Alert.Root status={kind} role={kind === 'error' ? 'alert' : 'status'} data-testid={`form-${kind}`}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{children}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

export interface FormAnswerState {
  kind: 'success' | 'error';
  text: string;
}

/** The answer line of a screen's last action: `shown` is the line (or nothing); `success`, `error` and `clear` set it. */
export function useFormAnswer() {
  const [answer, setAnswer] = useState<FormAnswerState | null>(null);
  return {
    shown: answer && <FormAnswer kind={answer.kind}>{answer.text}</FormAnswer>,
    success: (text: string) => setAnswer({ kind: 'success', text }),
    error: (text: string) => setAnswer({ kind: 'error', text }),
    clear: () => setAnswer(null),
  };
}

/** A yes/no field: a native checkbox inside its label. */
export function CheckboxField({ name, children }: { name: string; children: ReactNode }) {
  const [field, , helpers] = useField<boolean>(name);
  return (
    <Box as="label" display="flex" gap="2" alignItems="center">
      <input type="checkbox" name={name} checked={!!field.value} onChange={(event) => void helpers.setValue(event.target.checked)} onBlur={field.onBlur} />
      {children}
    </Box>
  );
}
