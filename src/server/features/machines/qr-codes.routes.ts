import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FileResponseSchema } from '../../../shared/api-error.js';
import { MachineMessages, QrCodeRequestSchema, QrSheetQuerySchema } from '../../../shared/machines.schemas.js';
import { notFound } from '../../http-errors.js';
import { signedInUser } from '../../route-scopes.js';
import { getOwnedMachine, listMachines, voteUrlOf } from './machines.service.js';
import { withScanSource } from '../../../shared/scan-sources.js';

/** A file-name part made of ASCII letters, digits and dashes, so any browser keeps it as is. */
function slugOf(name: string, fallback: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/, '');
  return slug || fallback;
}

export async function qrCodeRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.post('/api/qr-code/generate', { schema: { body: QrCodeRequestSchema, response: { 200: FileResponseSchema } } }, async (request, reply) => {
    const machine = await getOwnedMachine(ctx, signedInUser(request).id, request.body.machineId);
    const { renderQrPng } = await import('../../integrations/qr.js');
    const png = await renderQrPng(withScanSource(voteUrlOf(ctx, machine.id), 'screen'), request.body.customText);
    const fileName = `vendvote-qr-${slugOf(machine.name, `machine-${machine.id}`)}.png`;
    return reply
      .type('image/png')
      .header('content-disposition', `inline; filename="${fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(png);
  });

  app.get('/api/qr-code/sheet.pdf', { schema: { querystring: QrSheetQuerySchema, response: { 200: FileResponseSchema } } }, async (request, reply) => {
    const machines = await listMachines(ctx, signedInUser(request).id);
    if (machines.length === 0) throw notFound(MachineMessages.noMachinesToPrint);
    const entries = machines.map((machine) => ({ name: machine.name, location: machine.location, voteUrl: withScanSource(voteUrlOf(ctx, machine.id), 'sheet') }));
    const { renderQrSheetPdf } = await import('../../integrations/qr-sheet.js');
    const pdf = await renderQrSheetPdf(entries, request.query.customText);
    return reply
      .type('application/pdf')
      .header('content-disposition', 'attachment; filename="vendvote-qr-codes.pdf"')
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
}
