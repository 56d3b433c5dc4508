/** The outbox domain: delivery of phone codes and emails (SMTP, SMS gateways, the development outbox) and its admin list. */
import type { Domain } from '../context.js';
import { registerOutboxRoutes } from './routes.js';

export const outboxDomain: Domain = { name: 'outbox', register: (app, ctx) => registerOutboxRoutes(app, ctx) };
