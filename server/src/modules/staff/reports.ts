import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Message } from '../../../../contract/message.js';
import { ReportQuery, StaffReport } from '../../../../contract/staff-reports.js';
import { reportCsv } from './report-csv.js';
import { staffReport } from './report-query.js';
import { requireStaff } from './session.js';

const refusals = { 400: Message, 401: Message, 403: Message, 429: Message };

/** Reports (contract/staff-reports.ts), registered inside staffRoutes (which marks every answer no-store): finance and admin only. */
export const reportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const finance = requireStaff(app, 'finance', 'admin');

  app.get(
    '/reports',
    { onRequest: finance, schema: { querystring: ReportQuery, response: { 200: StaffReport, ...refusals } } },
    async (request) => staffReport(ctx.database.db, request.query, ctx.config.timeZone),
  );

  app.get('/reports.csv', { onRequest: finance, schema: { querystring: ReportQuery } }, async (request, reply) => {
    const { from, to } = request.query;
    const csv = reportCsv(await staffReport(ctx.database.db, request.query, ctx.config.timeZone));
    const name = from === to ? `report-${from}.csv` : `report-${from}-to-${to}.csv`;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(csv);
  });
};
