/** The audit log: the filter is trimmed and sent as the query; an error is shown in the server's words. */
import { describe, expect, it } from 'vitest';
import { AuditService } from '../../../src/console/audit/auditService.js';
import { testCore } from '../support/fakes.js';

describe('AuditService', () => {
  it('sends the trimmed filter, leaves out empty fields and keeps the filter for the next load', async () => {
    const { core, server } = testCore();
    server.on('GET /admin/audit', []);
    const audit = new AuditService(core.http);
    await audit.load({ staff: ' desk ', station: '', customer: 'ali' });
    expect(server.requests[0]?.url).toBe('/admin/audit?staff=desk&customer=ali&limit=300');
    await audit.load();
    expect(server.requests[1]?.url).toBe('/admin/audit?staff=desk&customer=ali&limit=300');
  });

  it('shows a refusal in the server’s words', async () => {
    const { core, server } = testCore();
    server.on('GET /admin/audit', { statusCode: 403, error: 'Forbidden', message: 'Owners only.' }, 403);
    const audit = new AuditService(core.http);
    await audit.load();
    expect(audit.store.getState().error).toBe('Owners only.');
  });
});
