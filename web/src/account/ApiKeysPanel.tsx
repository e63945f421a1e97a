/**
 * API keys on the profile: create one with a name (its secret is shown this once), list them,
 * revoke one. A key reads the API as its owner; it never changes an account.
 */
import { useState } from 'react';
import { Form, Formik } from 'formik';
import { WriteControl, WritesOffFieldset } from '../shell/WritesOff.tsx';
import { Box, Button, Code, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { apiKeyFormSchema, type ApiKeyForm } from '@registry/schemas/forms/account.ts';
import { createApiKey, listApiKeys, revokeApiKey, type ApiKey, type CreatedApiKey } from './account-api.ts';
import { formatShortDate } from '../kit/format/dates.ts';
import { errorMessage } from './account-paths.ts';
import { FormAnswer, schemaFormProps, TextField } from '../kit/FormFields.tsx';
import { latestData, useLoad } from '../kit/useLoad.ts';

const EMPTY_API_KEY: ApiKeyForm = { name: '' };

export function ApiKeysPanel() {
  const [version, setVersion] = useState(0);
  const loaded = useLoad<ApiKey[]>({ key: String(version), load: () => listApiKeys() });
  const keys = latestData(loaded) ?? null;
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [actionFailure, setFailure] = useState<string | null>(null);
  const failure = actionFailure ?? (loaded.status === 'error' ? errorMessage(loaded.error) : null);
  const reload = () => setVersion((value) => value + 1);

  async function create(values: ApiKeyForm, reset: () => void) {
    setFailure(null);
    try {
      setCreated(await createApiKey(values.name.trim()));
      reset();
      reload();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  async function revoke(key: ApiKey) {
    if (!window.confirm(`Revoke the API key "${key.name}"? Programs using it will stop working.`)) return;
    setFailure(null);
    try {
      await revokeApiKey(key.id);
      if (created?.id === key.id) setCreated(null);
      reload();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  return (
    <Box as="section" aria-labelledby="api-keys-heading" borderWidth="1px" rounded="md" p="4" data-testid="api-keys">
      <Heading as="h2" id="api-keys-heading" size="lg" mb="2">
        API keys
      </Heading>
      <Text mb="4" color="gray.700">
        Send a key in the <Code>X-GraphQL-Key</Code> header to read the API as yourself. Keys can read, never change your account.
      </Text>
      <Stack gap="4">
        {failure && <FormAnswer kind="error">{failure}</FormAnswer>}
        {created && (
          <FormAnswer kind="success">
            <Text>Your new key “{created.name}”. Copy it now: it is not shown again.</Text>
            <Code display="block" mt="2" p="2" wordBreak="break-all" data-testid="new-api-key">
              {created.key}
            </Code>
          </FormAnswer>
        )}
        <Formik<ApiKeyForm> {...schemaFormProps(apiKeyFormSchema, EMPTY_API_KEY)} onSubmit={(values, helpers) => create(values, () => helpers.resetForm())}>
          {(formik) => (
            <Form noValidate aria-label="Create an API key">
              <WritesOffFieldset>
                <Flex gap="2" align="flex-end" wrap={{ base: 'wrap', sm: 'nowrap' }}>
                  <TextField name="name" label="Name of the new key" placeholder="e.g. my analysis script" />
                  <Button type="submit" bg="brand.700" color="white" flexShrink={0} disabled={!formik.isValid || formik.isSubmitting} loading={formik.isSubmitting}>
                    Create key
                  </Button>
                </Flex>
              </WritesOffFieldset>
            </Form>
          )}
        </Formik>
        {keys === null ? null : keys.length === 0 ? (
          <Text color="gray.700" data-testid="empty-list">
            You have no API keys.
          </Text>
        ) : (
          <Box as="ul" listStyleType="none" m="0" p="0">
            {keys.map((key) => (
              <Flex as="li" key={key.id} justify="space-between" align="center" gap="2" py="2" borderBottomWidth="1px" wrap="wrap" data-testid="api-key">
                <Box>
                  <Text fontWeight="semibold">{key.name}</Text>
                  <Text fontSize="sm" color="gray.600">
                    {[key.createdAt && `created ${formatShortDate(key.createdAt)}`, key.lastUsedAt && `last used ${formatShortDate(key.lastUsedAt)}`]
                      .filter(Boolean)
                      .join(' · ') || 'never used'}
                  </Text>
                </Box>
                <WriteControl>
                  <Button size="sm" variant="outline" colorPalette="red" onClick={() => void revoke(key)} aria-label={`Revoke ${key.name}`}>
                    Revoke
                  </Button>
                </WriteControl>
              </Flex>
            ))}
          </Box>
        )}
      </Stack>
    </Box>
  );
}
