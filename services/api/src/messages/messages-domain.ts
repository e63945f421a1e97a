/** The site messages slice as the app assembles it: its services, routes and resolvers (domain-declaration.ts). */
import { defineDomain, type AppConnections } from '../domain-declaration.ts';
import { bindDependencies } from '../kernel/bind-dependencies.ts';
import * as messages from './message-service.ts';
import { messageRoutes } from './message-routes.ts';

const messagesServices = ({ db }: AppConnections) => bindDependencies(db, {
  listMessages: messages.listMessages, createMessage: messages.createMessage, updateMessage: messages.updateMessage, deleteMessage: messages.deleteMessage,
});

declare module '../kernel/graphql-context.ts' {
  interface DomainServices {
    messages: ReturnType<typeof messagesServices>;
  }
}

export const messagesDomain = defineDomain({
  name: 'messages',
  services: messagesServices,
  routes: [messageRoutes],
});
