/** The record form's logo: a preview, an upload (PNG or JPEG, checked by its bytes) and a removal. */
import { Button, Field, HStack, Image, Input, Text } from '@chakra-ui/react';
import type { FormikProps } from 'formik';
import { readLogo, type GeneralValues } from './general-information.ts';

export function LogoField({ form, currentLogo }: { form: FormikProps<GeneralValues>; currentLogo: string | null }) {
  const { values, setFieldValue } = form;
  const logoPreview = values.logo ? `data:image/*;base64,${values.logo.data}` : values.logo === null ? null : currentLogo;
  return (
    <Field.Root invalid={!!form.status?.logoError}>
      <Field.Label>Logo (PNG or JPEG, at most 1 MB)</Field.Label>
      <HStack gap="3" align="center" wrap="wrap">
        {logoPreview ? <Image src={logoPreview} alt="Logo preview" maxH="16" maxW="40" objectFit="contain" /> : <Text color="fg.muted">No logo</Text>}
        <Input
          type="file"
          accept="image/png,image/jpeg"
          maxW="72"
          aria-label="Upload a logo"
          onChange={async (event) => {
            const file = event.target.files?.[0];
            if (!file) return;
            const logo = await readLogo(file);
            if (typeof logo === 'string') form.setStatus({ ...form.status, logoError: logo });
            else {
              form.setStatus({ ...form.status, logoError: undefined });
              void setFieldValue('logo', logo);
            }
          }}
        />
        {(currentLogo || values.logo) && (
          <Button size="sm" variant="outline" onClick={() => void setFieldValue('logo', currentLogo ? null : undefined)}>
            Remove logo
          </Button>
        )}
      </HStack>
      {form.status?.logoError && <Field.ErrorText color="red.700">{form.status.logoError}</Field.ErrorText>}
    </Field.Root>
  );
}
