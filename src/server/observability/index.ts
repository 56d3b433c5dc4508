/** Observability: /metrics and /health for the operator credential or the metrics token. */
import type { Domain } from '../context.js';
import type { ServerMetrics } from './metrics.js';
import { registerObservability } from './routes.js';

export function observabilityDomain(options: { metrics: ServerMetrics; isMetricsToken: (token: string) => boolean }): Domain {
  return { name: 'observability', register: (app, ctx) => registerObservability(app, ctx, options) };
}
