/** The service-calls domain: a customer's call for service, the staff's acknowledge and resolve. */
import type { Domain } from '../context.js';
import { registerServiceCallRoutes } from './routes.js';

export const serviceCallsDomain: Domain = { name: 'service-calls', register: (app, ctx) => registerServiceCallRoutes(app, ctx) };
