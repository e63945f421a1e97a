/**
 * /accounts/webhooks (login required, reached from the profile): one's webhooks — register one
 * (its signing secret shown once, with a copy button), change its events and filters, rotate
 * its secret (the new one shown once; the old one signs too for a day), switch on one disabled
 * for failing, delete it, and read its recent deliveries and send one again. Writes are off
 * while the site is read-only.
 */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Badge, Box, Button, Code, Flex, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { PageContainer } from '../shell/Layout.tsx';
import { WriteControl } from '../shell/WritesOff.tsx';
import { FormAnswer } from '../kit/FormFields.tsx';
import { formatShortDate } from '../kit/format/dates.ts';
import { latestData, useLoad } from '../kit/useLoad.ts';
import { errorMessage } from './account-paths.ts';
import {
  createWebhook, deleteWebhook, listWebhookDeliveries, listWebhooks, redeliverWebhook, rotateWebhookSecret, updateWebhook,
  type Webhook, type WebhookDelivery,
} from './webhooks-api.ts';
import { EMPTY_WEBHOOK, WebhookForm, webhookBody, type WebhookFormValues } from './WebhookForm.tsx';

/** A secret answered once: shown with a copy button until the page is left. */
function SecretNotice({ secret, what }: { secret: { value: string; url: string }; what: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <FormAnswer kind="success">
      <Text>{what} for {secret.url}. Copy it now: it is not shown again.</Text>
      <Flex gap="2" mt="2" align="center" wrap="wrap">
        <Code p="2" wordBreak="break-all" data-testid="webhook-secret">{secret.value}</Code>
        <Button size="sm" variant="outline" onClick={() => void navigator.clipboard.writeText(secret.value).then(() => setCopied(true), () => setCopied(false))}>
          {copied ? 'Copied' : 'Copy secret'}
        </Button>
      </Flex>
    </FormAnswer>
  );
}

function formValues(webhook: Webhook): WebhookFormValues {
  return {
    url: webhook.url,
    description: webhook.description,
    events: webhook.events,
    filters: { registries: webhook.filters.registries ?? [], record_ids: webhook.filters.record_ids ?? [], saved_search_id: webhook.filters.saved_search_id ?? null },
  };
}

function Deliveries({ webhook, onFailure }: { webhook: Webhook; onFailure(message: string): void }) {
  const [version, setVersion] = useState(0);
  const loaded = useLoad<WebhookDelivery[]>({ key: `${webhook.id}:${version}`, load: () => listWebhookDeliveries(webhook.id) });
  const deliveries = latestData(loaded);
  async function redeliver(delivery: WebhookDelivery) {
    try {
      await redeliverWebhook(webhook.id, delivery.id);
      setVersion((value) => value + 1);
    } catch (error) {
      onFailure(errorMessage(error));
    }
  }
  if (loaded.status === 'error') return <FormAnswer kind="error">{errorMessage(loaded.error)}</FormAnswer>;
  if (deliveries === undefined) return null;
  if (deliveries.length === 0) return <Text color="gray.700">No deliveries yet.</Text>;
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" aria-label={`Recent deliveries to ${webhook.url}`}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Written</Table.ColumnHeader>
            <Table.ColumnHeader>Event</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader>Response</Table.ColumnHeader>
            <Table.ColumnHeader>Latency</Table.ColumnHeader>
            <Table.ColumnHeader>Attempts</Table.ColumnHeader>
            <Table.ColumnHeader><Text srOnly>Actions</Text></Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {deliveries.map((delivery) => (
            <Table.Row key={delivery.id} data-testid="webhook-delivery">
              <Table.Cell>{formatShortDate(delivery.created_at)}</Table.Cell>
              <Table.Cell fontFamily="mono">{delivery.event}</Table.Cell>
              <Table.Cell>{delivery.status}{delivery.last_error ? ` (${delivery.last_error})` : ''}</Table.Cell>
              <Table.Cell>{delivery.response_code ?? '—'}</Table.Cell>
              <Table.Cell>{delivery.latency_ms === null ? '—' : `${delivery.latency_ms} ms`}</Table.Cell>
              <Table.Cell>{delivery.attempts}</Table.Cell>
              <Table.Cell>
                <WriteControl>
                  <Button size="xs" variant="outline" onClick={() => void redeliver(delivery)} disabled={!webhook.enabled} aria-label={`Redeliver ${delivery.event} of ${formatShortDate(delivery.created_at)}`}>
                    Redeliver
                  </Button>
                </WriteControl>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

function WebhookItem({ webhook, onChanged, onSecret, onFailure }: {
  webhook: Webhook;
  onChanged(): void;
  onSecret(secret: { value: string; url: string }): void;
  onFailure(message: string): void;
}) {
  const [editing, setEditing] = useState(false);
  const [showDeliveries, setShowDeliveries] = useState(false);
  const act = async (action: () => Promise<unknown>) => {
    try {
      await action();
      onChanged();
    } catch (error) {
      onFailure(errorMessage(error));
    }
  };
  return (
    <Box as="li" borderBottomWidth="1px" py="3" data-testid="webhook">
      <Flex justify="space-between" align="flex-start" gap="2" wrap="wrap">
        <Box minW="0">
          <Text fontWeight="semibold" wordBreak="break-all">{webhook.url}</Text>
          {webhook.description && <Text>{webhook.description}</Text>}
          <Text fontSize="sm" color="gray.700">{webhook.events.join(', ')}</Text>
          {!webhook.enabled && (
            <Text fontSize="sm" color="red.800" data-testid="webhook-disabled">
              <Badge colorPalette="red" mr="2">Disabled</Badge>
              {webhook.disabled_reason}
            </Text>
          )}
          {webhook.previous_secret_until && <Text fontSize="sm" color="gray.700">The previous secret also signs until {formatShortDate(webhook.previous_secret_until)}.</Text>}
        </Box>
        <Flex gap="2" wrap="wrap">
          {!webhook.enabled && (
            <WriteControl>
              <Button size="sm" bg="brand.700" color="white" onClick={() => void act(() => updateWebhook(webhook.id, { enabled: true }))}>Switch on</Button>
            </WriteControl>
          )}
          <WriteControl>
            <Button size="sm" variant="outline" onClick={() => setEditing(!editing)} aria-expanded={editing}>Edit</Button>
          </WriteControl>
          <WriteControl>
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                if (!window.confirm(`A new secret for ${webhook.url}? The current one keeps signing for a day beside it.`)) return;
                void act(async () => {
                  const rotated = await rotateWebhookSecret(webhook.id);
                  onSecret({ value: rotated.secret, url: rotated.url });
                });
              }}
            >
              Rotate secret
            </Button>
          </WriteControl>
          <Button size="sm" variant="outline" onClick={() => setShowDeliveries(!showDeliveries)} aria-expanded={showDeliveries}>Deliveries</Button>
          <WriteControl>
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              aria-label={`Delete the webhook ${webhook.url}`}
              onClick={() => {
                if (window.confirm(`Delete the webhook ${webhook.url}? It will be told of nothing more.`)) void act(() => deleteWebhook(webhook.id));
              }}
            >
              Delete
            </Button>
          </WriteControl>
        </Flex>
      </Flex>
      {editing && (
        <Box mt="3">
          <WebhookForm
            initial={formValues(webhook)}
            label={`Change the webhook ${webhook.url}`}
            submitLabel="Save changes"
            onCancel={() => setEditing(false)}
            onSubmit={async (values) => {
              await act(() => updateWebhook(webhook.id, webhookBody(values)));
              setEditing(false);
            }}
          />
        </Box>
      )}
      {showDeliveries && <Box mt="3"><Deliveries webhook={webhook} onFailure={onFailure} /></Box>}
    </Box>
  );
}

export function WebhooksPage() {
  const [version, setVersion] = useState(0);
  const loaded = useLoad<Webhook[]>({ key: String(version), load: () => listWebhooks() });
  const webhooks = latestData(loaded) ?? null;
  const [secret, setSecret] = useState<{ value: string; url: string; what: string } | null>(null);
  const [actionFailure, setFailure] = useState<string | null>(null);
  const failure = actionFailure ?? (loaded.status === 'error' ? errorMessage(loaded.error) : null);
  const [formKey, setFormKey] = useState(0);
  const reload = () => setVersion((value) => value + 1);

  return (
    <PageContainer wide>
      <Flex justify="space-between" align="center" gap="3" mb="4" wrap="wrap">
        <Heading as="h1" size="2xl" color="brand.800">Webhooks</Heading>
        <Button asChild variant="outline" size="sm"><RouterLink to="/accounts/profile">Back to your profile</RouterLink></Button>
      </Flex>
      <Text mb="4" color="gray.700">
        The registry calls these URLs when records change, signed the Standard Webhooks way. How to verify a delivery: the webhooks guide of the API documentation.
      </Text>
      <Stack gap="6">
        {failure && <FormAnswer kind="error">{failure}</FormAnswer>}
        {secret && <SecretNotice secret={secret} what={secret.what} />}
        <Box as="section" aria-labelledby="new-webhook-heading" borderWidth="1px" rounded="md" p="4">
          <Heading as="h2" id="new-webhook-heading" size="lg" mb="3">Register a webhook</Heading>
          <WebhookForm
            key={formKey}
            initial={EMPTY_WEBHOOK}
            label="Register a webhook"
            submitLabel="Register"
            onSubmit={async (values) => {
              setFailure(null);
              try {
                const created = await createWebhook(webhookBody(values));
                setSecret({ value: created.secret, url: created.url, what: 'The signing secret' });
                setFormKey((key) => key + 1);
                reload();
              } catch (error) {
                setFailure(errorMessage(error));
              }
            }}
          />
        </Box>
        <Box as="section" aria-labelledby="webhooks-heading">
          <Heading as="h2" id="webhooks-heading" size="lg" mb="2">Your webhooks</Heading>
          {webhooks === null ? null : webhooks.length === 0 ? (
            <Text color="gray.700" data-testid="empty-list">You have no webhooks.</Text>
          ) : (
            <Box as="ul" listStyleType="none" m="0" p="0">
              {webhooks.map((webhook) => (
                <WebhookItem
                  key={webhook.id}
                  webhook={webhook}
                  onChanged={reload}
                  onFailure={setFailure}
                  onSecret={(rotated) => setSecret({ ...rotated, what: 'The new signing secret' })}
                />
              ))}
            </Box>
          )}
        </Box>
      </Stack>
    </PageContainer>
  );
}
