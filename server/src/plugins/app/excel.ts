import fp from 'fastify-plugin';
import { createExcelService, type ExcelService } from '../../lib/excel/excel-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one pool of Excel workers: every module's uploads and downloads share its lanes and limits. */
    excel: ExcelService;
  }
}

export default fp(
  (fastify) => {
    const excel = createExcelService();
    fastify.addHook('onClose', () => excel.close());
    fastify.decorate('excel', excel);
  },
  { name: 'excel' },
);
