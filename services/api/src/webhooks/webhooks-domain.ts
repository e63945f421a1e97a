/** The webhooks slice as the app assembles it: its services, routes and resolvers (domain-declaration.ts). */
import { defineDomain, type AppConnections } from '../domain-declaration.ts';
import { bindDependencies } from '../kernel/bind-dependencies.ts';
import * as webhooks from './webhook-service.ts';
import { webhookRoutes } from './webhook-routes.ts';

const webhooksServices = ({ db, config }: AppConnections) => bindDependencies({
  db, egressAllow: config.egressAllow, secretOverlapMs: config.webhooks.secretOverlapMs,
  maxPerAccount: config.webhooks.maxPerAccount, maxPerHost: config.webhooks.maxPerHost,
}, {
  createWebhook: webhooks.createWebhook, listWebhooks: webhooks.listWebhooks, updateWebhook: webhooks.updateWebhook, deleteWebhook: webhooks.deleteWebhook,
  rotateSecret: webhooks.rotateSecret, listDeliveries: webhooks.listDeliveries, redeliver: webhooks.redeliver,
});

declare module '../kernel/graphql-context.ts' {
  interface DomainServices {
    webhooks: ReturnType<typeof webhooksServices>;
  }
}

export const webhooksDomain = defineDomain({
  name: 'webhooks',
  services: webhooksServices,
  routes: [webhookRoutes],
});
